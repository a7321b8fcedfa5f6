import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { PAYINS_COMMANDS, payinConfirmReceivedBody } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiCredentials, ApiReply, ApiZodBody, ValidatedBody } from '../../http';
import { RequireCredentialLevel, RequireRole } from '../../auth/access.decorators';
import { CurrentPrincipal, memberIdOf, type Principal } from '../../auth/principal';

const WHO_CONFIRMS =
  'Operators are the members of the payin’s account with role `owner` or `operator` (a ' +
  'viewer gets 403 `forbidden`); an API key acts as the account’s owner. The receipt and the ' +
  'decision must come from two different members: the member who recorded the receipt ' +
  'approving or cancelling it gets 409 `confirm_request_conflict`. Another account’s payin is ' +
  '404 `not_found`; a payin of a corridor that is not confirmed manually 422 ' +
  '`method_unavailable` (see `manual_confirmation` in `GET /v1/payins/methods`). The answer ' +
  'is the payin with `confirmation {received_by, received_amount, bank_reference, ' +
  'received_at, decision, decided_by, decided_at}`.';

/** The two-person confirmation of EC/USD bank-transfer payins (spec §4). */
@ApiTags('payins')
@ApiCredentials()
@RequireCredentialLevel('account')
@RequireRole('operator')
@Controller('v1/payins')
export class PayinConfirmationsController {
  constructor(private readonly bus: BusClient) {}

  @Post(':id/confirm-received')
  @HttpCode(200)
  @ApiReply(PAYINS_COMMANDS.confirm_received)
  @ApiOperation({
    summary: 'Record that a manually confirmed payin’s money arrived (first operator)',
    description:
      'Body `{amount, bank_reference, account_id?}`: the amount credited on the bank statement ' +
      '(must equal the payin’s `local_amount`), the bank’s reference of the transfer (1-80 ' +
      'characters) and, optionally, the account the statement names. A different amount or ' +
      'account: 409 `confirm_account_mismatch`. Repeating the same receipt answers it again; a ' +
      'different receipt for the same payin: 409 `confirm_request_conflict`, as is a payin no ' +
      'longer pending. The payin stays `pending` until a second operator approves. ' +
      WHO_CONFIRMS,
  })
  @ApiZodBody(payinConfirmReceivedBody)
  received(
    @CurrentPrincipal() principal: Principal,
    @Param('id') payin_id: string,
    @ValidatedBody(payinConfirmReceivedBody) body: z.infer<typeof payinConfirmReceivedBody>,
  ) {
    return this.bus.send(PAYINS_COMMANDS.confirm_received, {
      account_id: principal.account_id,
      payin_id,
      member_id: memberIdOf(principal),
      body,
    });
  }

  @Post(':id/confirm-approve')
  @HttpCode(200)
  @ApiReply(PAYINS_COMMANDS.confirm_approve)
  @ApiOperation({
    summary: 'Approve a recorded receipt (second operator): the payin is credited',
    description:
      'No body. Credits the payin as a paid collection (`credited`, `payins.payin_credited`). ' +
      'Without a recorded receipt, or once the confirmation was decided otherwise: 409 ' +
      '`confirm_request_conflict`; the same operator approving again answers the payin again. ' +
      WHO_CONFIRMS,
  })
  approve(@CurrentPrincipal() principal: Principal, @Param('id') payin_id: string) {
    return this.decide(PAYINS_COMMANDS.confirm_approve, principal, payin_id);
  }

  @Post(':id/confirm-cancel')
  @HttpCode(200)
  @ApiReply(PAYINS_COMMANDS.confirm_cancel)
  @ApiOperation({
    summary: 'Cancel a recorded receipt (second operator): the payin fails',
    description:
      'No body. The payin becomes `failed` with `failure {origin: core, code: ' +
      'confirmation_cancelled}` and `payins.payin_expired`; no funds move. Same conflicts as ' +
      'approve. ' +
      WHO_CONFIRMS,
  })
  cancel(@CurrentPrincipal() principal: Principal, @Param('id') payin_id: string) {
    return this.decide(PAYINS_COMMANDS.confirm_cancel, principal, payin_id);
  }

  private decide(
    command: typeof PAYINS_COMMANDS.confirm_approve | typeof PAYINS_COMMANDS.confirm_cancel,
    principal: Principal,
    payin_id: string,
  ) {
    return this.bus.send(command, {
      account_id: principal.account_id,
      payin_id,
      member_id: memberIdOf(principal),
    });
  }
}
