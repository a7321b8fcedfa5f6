import {
  Controller,
  HttpCode,
  Inject,
  Injectable,
  Param,
  Post,
  UseGuards,
  type CanActivate,
} from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { DomainError, PAYINS_COMMANDS, sandboxDepositBody } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import { ApiCredentials, ApiReply, ApiZodBody, ValidatedBody } from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';

const DEPOSIT_DESCRIPTION =
  'Sandbox only (the live environment answers 404 `not_found`: real deposits arrive from the ' +
  'bank). Makes a payer’s transfer into one of the account’s dedicated deposit accounts arrive ' +
  'on the simulated rail. Body `{amount, payer?: {name?, tax_id?, account_number?, bank?}, ' +
  'to?: "account_number" | "bank_alias"}`: `amount` in the deposit account’s currency; `to: ' +
  '"bank_alias"` sends it to the AR/ARS account’s bank alias (400 `invalid_request` while it ' +
  'has none). The rail’s report is matched to the deposit account by its account number or ' +
  'alias and answers 201 with the new payin: method `deposit_account` (`kind=deposit` in ' +
  '`GET /v1/payins`), `status: pending`, `deposit_account_id`, `payer`, `instructions.paid_to`. ' +
  'One simulator step later (`SANDBOX_STEP_MS`) it is credited like any payin, converted into ' +
  'the account’s `default_payin_asset`, with `payin_credited`. The amount endings of the ' +
  'sandbox table apply (see the `sandbox` tag). Another account’s deposit account: 404 ' +
  '`not_found`; bad amounts 400 `invalid_amount`.';

/** Sandbox routes do not exist in live: 404 before the body is even read. */
@Injectable()
export class SandboxOnlyGuard implements CanActivate {
  constructor(@Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext) {}

  canActivate(): boolean {
    if (this.context.environment !== 'test') throw new DomainError('not_found', 'no such route');
    return true;
  }
}

/** The sandbox's simulated deposits into dedicated deposit accounts (decisions D6). */
@ApiTags('sandbox')
@UseGuards(SandboxOnlyGuard)
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/sandbox/deposit-accounts')
export class SandboxDepositsController {
  constructor(private readonly bus: BusClient) {}

  @Post(':id/deposits')
  @HttpCode(201)
  @ApiReply(PAYINS_COMMANDS.simulate_deposit, 201)
  @ApiOperation({
    summary: 'Simulate a deposit into a deposit account',
    description: DEPOSIT_DESCRIPTION,
  })
  @ApiZodBody(sandboxDepositBody)
  deposit(
    @CurrentPrincipal() principal: Principal,
    @Param('id') deposit_account_id: string,
    @ValidatedBody(sandboxDepositBody) body: z.infer<typeof sandboxDepositBody>,
  ) {
    return this.bus.send(PAYINS_COMMANDS.simulate_deposit, {
      account_id: principal.account_id,
      deposit_account_id,
      body,
    });
  }
}
