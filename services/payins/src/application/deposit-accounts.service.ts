import { randomInt, randomUUID } from 'node:crypto';
import {
  DomainError,
  type CreateDepositAccountCommand,
  type DepositAccountView,
  type ListDepositAccountsCommand,
  type SetBankAliasCommand,
} from '@platform/contracts';
import {
  depositAccountLimit,
  readBankAlias,
  readDepositAccountRequest,
} from '../domain/deposit-account';
import type {
  DepositAccount,
  DepositAccountsRepository,
} from '../infrastructure/deposit-accounts.repository';
import type { IdentityPort } from './ports';
import { requireVerified } from './verification-gate';

function view(account: DepositAccount): DepositAccountView {
  return {
    deposit_account_id: account.deposit_account_id,
    country: account.country,
    currency: account.currency,
    purpose: account.purpose,
    label: account.label,
    account_number: account.account_number,
    bank_alias: account.bank_alias,
    created_at: account.created_at.toISOString(),
  };
}

/** Dedicated deposit accounts (spec §4, §8): numbers that credit their owner when paid into. */
export class DepositAccountsService {
  constructor(
    private readonly accounts: DepositAccountsRepository,
    private readonly identity: IdentityPort,
  ) {}

  async create(command: CreateDepositAccountCommand): Promise<DepositAccountView> {
    await requireVerified(this.identity, command, 'opening deposit accounts');
    const request = readDepositAccountRequest(command.body);
    const limit = depositAccountLimit(await this.identity.accountType(command.account_id));
    const created = await this.accounts.insertWithin(
      {
        deposit_account_id: randomUUID(),
        account_id: command.account_id,
        org_id: command.org_id,
        ...request,
        account_number: accountNumberFor(request.country),
        bank_alias: null,
        created_at: new Date(),
      },
      limit,
    );
    if (!created)
      throw new DomainError(
        'deposit_account_limit_reached',
        `at most ${limit} deposit account(s) per corridor for this account`,
      );
    return view(created);
  }

  async list(
    query: ListDepositAccountsCommand,
  ): Promise<{ deposit_accounts: DepositAccountView[] }> {
    const rows = await this.accounts.list(query.account_id, query.limit, query.offset);
    return { deposit_accounts: rows.map(view) };
  }

  /** AR/ARS bank alias: unique among the country's deposit accounts (`alias_taken`). */
  async setBankAlias(command: SetBankAliasCommand): Promise<DepositAccountView> {
    const { deposit_account_id, alias } = command.body;
    const owned =
      typeof deposit_account_id === 'string'
        ? await this.accounts.findOwned(command.account_id, deposit_account_id)
        : null;
    if (!owned) throw new DomainError('not_found', 'deposit account not found');
    if (owned.country !== 'AR')
      throw new DomainError('invalid_request', 'bank aliases exist for AR/ARS accounts only');
    const updated = await this.accounts.setAlias(owned.deposit_account_id, readBankAlias(alias));
    if (!updated) throw new DomainError('alias_taken', 'this alias belongs to another account');
    return view(updated);
  }
}

/** A sandbox account number in the country's format (CLABE 18, CVU 22, ACH 12 digits). */
function accountNumberFor(country: string): string {
  const digits = (count: number) =>
    Array.from({ length: count }, () => String(randomInt(10))).join('');
  switch (country) {
    case 'MX':
      return `646180${digits(12)}`;
    case 'AR':
      return `0000003100${digits(12)}`;
    default:
      return digits(12);
  }
}
