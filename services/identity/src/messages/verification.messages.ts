import { Controller } from '@nestjs/common';
import {
  IDENTITY_VERIFICATION_COMMANDS,
  type ApplyVerificationStatusCommand,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { VerificationSubjectsRepository } from '../infrastructure/verification-subjects.repository';
import { ChangesNothing } from './forget-reads.interceptor';

/** Identity's door for compliance's identity verification (decisions D8). */
@Controller()
export class VerificationMessages {
  constructor(private readonly subjects: VerificationSubjectsRepository) {}

  @Handles(IDENTITY_VERIFICATION_COMMANDS.get_subject)
  @ChangesNothing()
  subject(query: { account_id: string; member_id: string | null }) {
    return this.subjects.subject(query.account_id, query.member_id);
  }

  @Handles(IDENTITY_VERIFICATION_COMMANDS.apply_status)
  apply(command: ApplyVerificationStatusCommand) {
    return this.subjects.apply(command);
  }
}
