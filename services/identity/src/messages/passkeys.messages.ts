import { Controller } from '@nestjs/common';
import {
  SIGN_IN_COMMANDS,
  type BeginPasskeyLoginCommand,
  type BeginPasskeyRegistrationCommand,
  type DeletePasskeyCommand,
  type FinishPasskeyLoginCommand,
  type FinishPasskeyRegistrationCommand,
  type ListPasskeysCommand,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { PasskeysService } from '../application/passkeys.service';
import { ChangesNothing } from './forget-reads.interceptor';

/** Passkey registration, listing, removal and sign-in on the bus. */
@Controller()
export class PasskeysMessages {
  constructor(private readonly passkeys: PasskeysService) {}

  @Handles(SIGN_IN_COMMANDS.begin_passkey_registration)
  beginRegistration(command: BeginPasskeyRegistrationCommand) {
    return this.passkeys.beginRegistration(command);
  }

  @Handles(SIGN_IN_COMMANDS.finish_passkey_registration)
  finishRegistration(command: FinishPasskeyRegistrationCommand) {
    return this.passkeys.finishRegistration(command);
  }

  @Handles(SIGN_IN_COMMANDS.list_passkeys)
  @ChangesNothing()
  list(query: ListPasskeysCommand) {
    return this.passkeys.list(query);
  }

  @Handles(SIGN_IN_COMMANDS.delete_passkey)
  delete(command: DeletePasskeyCommand) {
    return this.passkeys.delete(command);
  }

  @Handles(SIGN_IN_COMMANDS.begin_passkey_login)
  beginLogin(query: BeginPasskeyLoginCommand) {
    return this.passkeys.beginLogin(query);
  }

  @Handles(SIGN_IN_COMMANDS.finish_passkey_login)
  finishLogin(command: FinishPasskeyLoginCommand) {
    return this.passkeys.finishLogin(command);
  }
}
