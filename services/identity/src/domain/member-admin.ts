import { DomainError, MEMBER_ROLES, type MemberRole } from '@platform/contracts';

/** The statuses an owner may set; `pending_verification` belongs to registration alone. */
export const SETTABLE_MEMBER_STATUSES = ['active', 'disabled'] as const;
export type SettableMemberStatus = (typeof SETTABLE_MEMBER_STATUSES)[number];

export interface MemberState {
  id: string;
  role: MemberRole;
  status: 'pending_verification' | 'active' | 'disabled';
}

export interface MemberUpdate {
  role: MemberRole;
  status: MemberState['status'];
}

/**
 * `PATCH /v1/members/{id}` (owners only): a member's role or status. A member cannot change
 * itself, and the account always keeps an active owner (`forbidden` otherwise).
 */
export function decideMemberUpdate(
  target: MemberState,
  changes: { role?: string; status?: string },
  context: { actor_member_id: string | null; other_active_owners: number },
): MemberUpdate {
  if (changes.role === undefined && changes.status === undefined)
    throw new DomainError('invalid_request', 'send role, status or both');
  const role = changes.role === undefined ? target.role : parseRole(changes.role);
  const status = changes.status === undefined ? target.status : parseStatus(changes.status);
  if (target.id === context.actor_member_id)
    throw new DomainError('forbidden', 'a member cannot change its own role or status');
  if (target.status === 'pending_verification')
    throw new DomainError('forbidden', 'this member has not completed registration');
  const keeps_owner = role === 'owner' && status === 'active';
  const was_owner = target.role === 'owner' && target.status === 'active';
  if (was_owner && !keeps_owner && context.other_active_owners === 0)
    throw new DomainError('forbidden', 'the account must keep an active owner');
  return { role, status };
}

function parseRole(value: string): MemberRole {
  if ((MEMBER_ROLES as readonly string[]).includes(value)) return value as MemberRole;
  throw new DomainError('invalid_role', `role must be one of ${MEMBER_ROLES.join(', ')}`);
}

function parseStatus(value: string): SettableMemberStatus {
  if ((SETTABLE_MEMBER_STATUSES as readonly string[]).includes(value))
    return value as SettableMemberStatus;
  throw new DomainError(
    'invalid_status',
    `status must be one of ${SETTABLE_MEMBER_STATUSES.join(', ')}`,
  );
}
