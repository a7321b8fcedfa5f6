import { randomBytes, randomUUID } from 'node:crypto';
import { DomainError, type SimulateDepositCommand } from '@platform/contracts';
import type { Currency } from '@platform/money';
import { DEPOSIT_METHOD, findCorridor } from '../domain/corridors';
import type { Payin } from '../domain/payin';
import { readSandboxDeposit, type SandboxDeposit } from '../domain/sandbox-deposit';
import type {
  DepositAccount,
  DepositAccountsRepository,
} from '../infrastructure/deposit-accounts.repository';
import type { PayinsRepository } from '../infrastructure/payins.repository';
import { payinView, type PayinView } from './payin-view';
import { EMPTY_LIFECYCLE } from './payins.service';
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
    const step_ms = this.connector.step_ms;
    if (step_ms === null) throw new DomainError('not_found', 'route not found');
    const owned = await this.accounts.findOwned(command.account_id, command.deposit_account_id);
    if (!owned) throw new DomainError('not_found', 'deposit account not found');
    const deposit = readSandboxDeposit(command.body, owned.currency as Currency);
    const matched = await this.accounts.findByAddress(addressOf(owned, deposit));
    if (!matched) throw new Error(`deposit account ${owned.deposit_account_id} has no address`);
    const payin = this.newPayin(matched, deposit, new Date(), step_ms);
    const inserted = await this.payins.transaction((client) => this.payins.insert(client, payin));
    if (!inserted) throw new Error('a deposit carries no idempotency key to collide on');
    return payinView(inserted);
  }

  private newPayin(
    account: DepositAccount,
    deposit: SandboxDeposit,
    now: Date,
    step_ms: number,
  ): Payin {
    const amount = deposit.amount.toString();
    const outcome = this.connector.plan(DEPOSIT_METHOD, amount);
    const corridor = findCorridor('bank_transfer', account.country, account.currency);
    const expiry_minutes = corridor?.default_expiry_minutes ?? 3 * 24 * 60;
    return {
      ...EMPTY_LIFECYCLE,
      payin_id: randomUUID(),
      account_id: account.account_id,
      org_id: account.org_id,
      kind: 'payin',
      method: DEPOSIT_METHOD,
      status: 'pending',
      country: account.country,
      currency: account.currency,
      local_amount: amount,
      idempotency_key: null,
      reference: `PD${randomBytes(5).toString('hex').toUpperCase()}`,
      glosa: null,
      customer: null,
      instructions: {
        type: 'deposit_account',
        deposit_account_id: account.deposit_account_id,
        account_number: account.account_number,
        bank_alias: account.bank_alias,
        paid_to: deposit.paid_to,
      },
      token: null,
      payment_url: null,
      checkout_url: null,
      success_url: null,
      failure_url: null,
      expires_at: new Date(now.getTime() + expiry_minutes * 60_000),
      outcome,
      next_step_at:
        outcome === 'pay' || outcome === 'fail' ? new Date(now.getTime() + step_ms) : null,
      // Converted into the account's default_payin_asset, like a bank transfer payin.
      fiat_hold_local: false,
      settlement_hours: 0,
      save_card: false,
      settlement_asset: null,
      deposit_account_id: account.deposit_account_id,
      payer: deposit.payer,
      created_at: now,
      updated_at: now,
    };
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
