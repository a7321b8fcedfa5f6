import { DomainError, MEMBER_ROLES, type AccountType, type MemberRole } from '@platform/contracts';

/** `operator` unless said otherwise (spec §2). */
export function parseMemberRole(role: string | undefined): MemberRole {
  if (role === undefined) return 'operator';
  if ((MEMBER_ROLES as readonly string[]).includes(role)) return role as MemberRole;
  throw new DomainError('invalid_role', `role must be one of ${MEMBER_ROLES.join(', ')}`);
}

/** Spec §5 rule 7: only an owner manages members, and only a company has them. */
export function assertMayCreateMember(actor_role: string, account_type: AccountType): void {
  if (actor_role !== 'owner') throw new DomainError('owner_required', 'only an owner adds members');
  if (account_type !== 'company')
    throw new DomainError('company_only', 'only company accounts have members');
}
