import { DomainError, type BankBalanceResource } from '@platform/contracts';
import { Money } from '@platform/money';
import { requireCustomer } from '../domain/customer';
import type { CustomerStore, StoredBankAccount } from '../infrastructure/customers.repository';

/** The customer's bank accounts and their balances (none until the bank approves it). */
export class BankAccountsService {
  constructor(private readonly customers: CustomerStore) {}

  async list(account_id: string): Promise<StoredBankAccount[]> {
    requireCustomer(await this.customers.byAccount(account_id));
    return this.customers.accounts(account_id);
  }

  async get(account_id: string, bank_account_id: string): Promise<StoredBankAccount> {
    requireCustomer(await this.customers.byAccount(account_id));
    const account = await this.customers.account(account_id, bank_account_id);
    if (!account) throw new DomainError('not_found', 'no such bank account');
    return account;
  }

  /** Spec §4: the `balance` object, and the same amounts flat beside it. */
  async balance(account_id: string, bank_account_id: string): Promise<BankBalanceResource> {
    const account = await this.get(account_id, bank_account_id);
    const stored = await this.customers.balance(account.bank_account_id);
    const amounts = {
      available: Money.parseSigned(account.currency, stored.available).toString(),
      held: Money.parseSigned(account.currency, stored.held).toString(),
      currency: account.currency,
    };
    return { bank_account_id: account.bank_account_id, balance: amounts, ...amounts };
  }
}
