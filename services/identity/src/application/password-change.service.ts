import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';
import { DomainError, type ChangePasswordCommand } from '@platform/contracts';
import { MAX_PASSWORD_CHARS } from '../domain/account';
import { assertPasswordStrength } from '../domain/org-admin';
import { PasswordChangeRepository } from '../infrastructure/password-change.repository';
import { ARGON2_OPTIONS } from './organizations.service';

/** `POST /v1/me/password`: a signed-in member changes its password. */
@Injectable()
export class PasswordChangeService {
  constructor(private readonly passwords: PasswordChangeRepository) {}

  /** Wrong current password: `invalid_credentials`; the member's other sessions end. */
  async change(command: ChangePasswordCommand): Promise<{ status: 'password_changed' }> {
    assertPasswordStrength(command.new_password);
    if (command.new_password.length > MAX_PASSWORD_CHARS)
      throw new DomainError(
        'invalid_request',
        `password must have at most ${MAX_PASSWORD_CHARS} characters`,
      );
    const wrong = new DomainError('invalid_credentials', 'the current password is wrong');
    const member = await this.passwords.activeMember(
      command.actor.account_id,
      command.actor.member_id,
    );
    if (!member) throw wrong;
    const valid = await verify(member.password_hash, command.current_password).catch(() => false);
    if (!valid) throw wrong;
    const changed = await this.passwords.change(member, {
      password_hash: await hash(command.new_password, ARGON2_OPTIONS),
      keep_session_id: command.actor.session_id,
      client_info: command.client ?? null,
    });
    if (!changed) throw wrong;
    return { status: 'password_changed' };
  }
}
