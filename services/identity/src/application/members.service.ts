import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { hash } from '@node-rs/argon2';
import { DomainError, type CreateMemberCommand, type MemberListing } from '@platform/contracts';
import { MAX_PASSWORD_CHARS } from '../domain/account';
import { assertMayCreateMember, parseMemberRole } from '../domain/member';
import { assertPasswordStrength, normalizeEmail } from '../domain/org-admin';
import { AccountsRepository } from '../infrastructure/accounts.repository';
import { MembersRepository } from '../infrastructure/members.repository';
import { ARGON2_OPTIONS } from './organizations.service';

@Injectable()
export class MembersService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly members: MembersRepository,
  ) {}

  /** Decisions D4: a member created by an owner signs in at once with the password given. */
  async create(command: CreateMemberCommand): Promise<MemberListing> {
    const account = await this.accounts.profile(command.actor.account_id);
    if (!account) throw new DomainError('not_found', 'the account was not found');
    assertMayCreateMember(command.role, account.type);
    const email = normalizeEmail(command.member.email);
    assertPasswordStrength(command.member.password);
    if (command.member.password.length > MAX_PASSWORD_CHARS)
      throw new DomainError(
        'invalid_request',
        `password must have at most ${MAX_PASSWORD_CHARS} characters`,
      );
    const role = parseMemberRole(command.member.role);
    const member_id = randomUUID();
    const inserted = await this.members.insert({
      member_id,
      account_id: account.id,
      email,
      password_hash: await hash(command.member.password, ARGON2_OPTIONS),
      role,
    });
    if (!inserted)
      throw new DomainError('duplicate', 'this organization already has a member with that email');
    return { id: member_id, email, role, status: 'active' };
  }

  list(account_id: string, limit: number, offset: number): Promise<MemberListing[]> {
    return this.members.list(account_id, limit, offset);
  }
}
