import { DomainError, type PayinView, type SimulateDepositCommand } from '@platform/contracts';
import type { Currency } from '@platform/money';
import { newPayin } from '../domain/payin-factory';
import { readSandboxDeposit, type SandboxDeposit } from '../domain/sandbox-deposit';
import type {
  DepositAccount,
  DepositAccountsRepository,
} from '../infrastructure/deposit-accounts.repository';
import type { PayinsRepository } from '../infrastructure/payins.repository';
import { drawPayin } from './payin-draw';
import { payinView } from './payin-view';
import type { CollectionConnector } from './ports';

/**
 * The sandbox rail's deposits into dedicated deposit accounts (decisions D6): a payer sends
 * money to an account number (or an AR bank alias); the rail reports it; the deposit is matched
 * to its deposit account and becomes a payin of the account's owner that the collection worker
 * credits like any other (`.99` fails, `.77` is never confirmed and expires). Live has no such
 * rail to drive: there the route does not exist.
 */
export class SandboxDepositsService {
  constructor(
    private readonly payins: PayinsRepository,
    private readonly accounts: DepositAccountsRepository,
    private readonly connector: CollectionConnector,
  ) {}

  async simulate(command: SimulateDepositCommand): Promise<PayinView> {
    if (this.connector.step_ms === null) throw new DomainError('not_found', 'route not found');
    const owned = await this.accounts.findOwned(command.account_id, command.deposit_account_id);
    if (!owned) throw new DomainError('not_found', 'deposit account not found');
    const deposit = readSandboxDeposit(command.body, owned.currency as Currency);
    const matched = await this.accounts.findByAddress(addressOf(owned, deposit));
    if (!matched) throw new Error(`deposit account ${owned.deposit_account_id} has no address`);
    const payin = newPayin(
      { type: 'deposit', destination: matched, deposit },
      drawPayin(),
      this.connector,
    );
    const inserted = await this.payins.transaction((client) => this.payins.insert(client, payin));
    if (!inserted) throw new Error('a deposit carries no idempotency key to collide on');
    return payinView(inserted);
  }
}

function addressOf(
  account: DepositAccount,
  deposit: SandboxDeposit,
): { account_number: string } | { country: string; bank_alias: string } {
  if (deposit.paid_to === 'account_number') return { account_number: account.account_number };
  if (!account.bank_alias)
    throw new DomainError(
      'invalid_request',
      'this deposit account has no bank alias: set one with PUT /v1/payins/deposit-accounts/bank-alias',
    );
  return { country: account.country, bank_alias: account.bank_alias };
}
