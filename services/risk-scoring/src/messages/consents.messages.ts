import { Controller } from '@nestjs/common';
import { RISK_SCORING_COMMANDS, type CommandRequest } from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { ConsentsService } from '../application/consents.service';

type Request<K extends keyof typeof RISK_SCORING_COMMANDS> = CommandRequest<
  (typeof RISK_SCORING_COMMANDS)[K]
>;

/** Consent links' commands (spec §3, decisions D10); the holder's by public token. */
@Controller()
export class ConsentsMessages {
  constructor(private readonly consents: ConsentsService) {}

  @Handles(RISK_SCORING_COMMANDS.create_consent)
  create(command: Request<'create_consent'>) {
    return this.consents.create(command);
  }

  @Handles(RISK_SCORING_COMMANDS.get_consent)
  get(command: Request<'get_consent'>) {
    return this.consents.get(command);
  }

  @Handles(RISK_SCORING_COMMANDS.list_consents)
  list(command: Request<'list_consents'>) {
    return this.consents.list(command.account_id, command.limit, command.offset, command.base_url);
  }

  @Handles(RISK_SCORING_COMMANDS.revoke_consent)
  revoke(command: Request<'revoke_consent'>) {
    return this.consents.revoke(command);
  }

  @Handles(RISK_SCORING_COMMANDS.view_consent)
  view(command: Request<'view_consent'>) {
    return this.consents.view(command.token);
  }

  @Handles(RISK_SCORING_COMMANDS.authorize_consent)
  authorize(command: Request<'authorize_consent'>) {
    return this.consents.authorize(command.token);
  }

  @Handles(RISK_SCORING_COMMANDS.decline_consent)
  decline(command: Request<'decline_consent'>) {
    return this.consents.decline(command.token);
  }
}
