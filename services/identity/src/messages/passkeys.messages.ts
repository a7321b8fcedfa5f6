import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  beginPasskeyLoginCommand,
  beginPasskeyRegistrationCommand,
  deletePasskeyCommand,
  finishPasskeyLoginCommand,
  finishPasskeyRegistrationCommand,
  listPasskeysCommand,
  parseCommand,
  SIGN_IN_COMMANDS,
} from '@platform/contracts';
import { PasskeysService } from '../application/passkeys.service';

/** Passkey registration, listing, removal and sign-in on the bus. */
@Controller()
export class PasskeysMessages {
  constructor(private readonly passkeys: PasskeysService) {}

  @MessagePattern(SIGN_IN_COMMANDS.begin_passkey_registration)
  beginRegistration(@Payload() payload: unknown) {
    return this.passkeys.beginRegistration(parseCommand(beginPasskeyRegistrationCommand, payload));
  }

  @MessagePattern(SIGN_IN_COMMANDS.finish_passkey_registration)
  finishRegistration(@Payload() payload: unknown) {
    return this.passkeys.finishRegistration(
      parseCommand(finishPasskeyRegistrationCommand, payload),
    );
  }

  @MessagePattern(SIGN_IN_COMMANDS.list_passkeys)
  list(@Payload() payload: unknown) {
    return this.passkeys.list(parseCommand(listPasskeysCommand, payload));
  }

  @MessagePattern(SIGN_IN_COMMANDS.delete_passkey)
  delete(@Payload() payload: unknown) {
    return this.passkeys.delete(parseCommand(deletePasskeyCommand, payload));
  }

  @MessagePattern(SIGN_IN_COMMANDS.begin_passkey_login)
  beginLogin(@Payload() payload: unknown) {
    return this.passkeys.beginLogin(parseCommand(beginPasskeyLoginCommand, payload));
  }

  @MessagePattern(SIGN_IN_COMMANDS.finish_passkey_login)
  finishLogin(@Payload() payload: unknown) {
    return this.passkeys.finishLogin(parseCommand(finishPasskeyLoginCommand, payload));
  }
}
