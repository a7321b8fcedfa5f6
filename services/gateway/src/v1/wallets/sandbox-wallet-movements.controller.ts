import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  externalMovementBody,
  WALLET_CHAIN_COMMANDS,
  type ExternalMovementBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiCredentials, ApiReply, ApiZodBody, ValidatedBody } from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { ApiErrors } from '../aml/api-errors.decorator';
import { SandboxOnlyGuard } from '../payins/sandbox-deposits.controller';

const DESCRIPTION = [
  'Sandbox only (live answers 404 `not_found`). Puts on the simulated chain a transfer at the',
  'wallet that the platform did not make: `direction` `in` (from an outside address) or `out`',
  '(to one), `amount` of `asset`: the wallet’s asset (default) or the chain’s native coin (TRX,',
  'ETH), to fund the wallet’s gas. Once confirmed, an inbound transfer of the asset is a deposit',
  '(`wallet_deposit_received`); any other is `wallet_external_movement`, and an outflow from a',
  'platform-custody wallet also `wallet_key_compromise_suspected` (only the platform holds that',
  'key). An outflow needs the balance and the native coin for its fee: 402 `insufficient_funds`,',
  '422 `insufficient_gas`. Errors: 400 `invalid_payload` (direction), `invalid_asset`,',
  '`invalid_amount`; another account’s wallet 404 `not_found`.',
].join(' ');

/** The sandbox's external movements at segregated wallets (decisions D6, D9). */
@ApiTags('sandbox')
@UseGuards(SandboxOnlyGuard)
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/sandbox/segregated-wallets')
export class SandboxWalletMovementsController {
  constructor(private readonly bus: BusClient) {}

  @Post(':id/external-movements')
  @HttpCode(202)
  @ApiOperation({ summary: 'Simulate an external movement at a wallet', description: DESCRIPTION })
  @ApiZodBody(externalMovementBody)
  @ApiReply(WALLET_CHAIN_COMMANDS.external_movement, 202)
  @ApiErrors(
    'invalid_payload',
    'invalid_asset',
    'invalid_amount',
    'invalid_request',
    'invalid_json',
    'unauthorized',
    'insufficient_funds',
    'not_found',
    'insufficient_gas',
  )
  move(
    @CurrentPrincipal() principal: Principal,
    @Param('id') wallet_id: string,
    @ValidatedBody(externalMovementBody) body: ExternalMovementBody,
  ) {
    return this.bus.send(WALLET_CHAIN_COMMANDS.external_movement, {
      account_id: principal.account_id,
      wallet_id,
      ...body,
    });
  }
}
