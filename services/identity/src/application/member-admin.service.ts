import { Injectable } from '@nestjs/common';
import { DomainError, type MemberListing, type UpdateMemberCommand } from '@platform/contracts';
import { decideMemberUpdate } from '../domain/member-admin';
import { MemberAdminRepository } from '../infrastructure/member-admin.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Owners change members' roles and disable or re-enable them (spec §5 rule 7). */
@Injectable()
export class MemberAdminService {
  constructor(private readonly members: MemberAdminRepository) {}

  async update(command: UpdateMemberCommand): Promise<MemberListing> {
    if (command.role !== 'owner')
      throw new DomainError('owner_required', 'only an owner manages members');
    const not_found = new DomainError('not_found', 'the member was not found');
    if (!UUID.test(command.member_id)) throw not_found;
    const updated = await this.members.update(
      command.actor.account_id,
      command.member_id,
      (target, other_active_owners) =>
        decideMemberUpdate(target, command.changes, {
          actor_member_id: command.actor.member_id,
          other_active_owners,
        }),
      null,
    );
    if (!updated) throw not_found;
    return updated;
  }

  /** `member_disabled` for a session of a disabled member; otherwise nothing. */
  async assertSessionMemberEnabled(session_id: string): Promise<void> {
    if (await this.members.sessionOfDisabledMember(session_id))
      throw new DomainError('member_disabled', 'this member has been disabled by an account owner');
  }
}
