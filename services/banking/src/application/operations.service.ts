import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import {
  DomainError,
  IdempotencyKey,
  type BankingCurrency,
  type Environment,
} from '@platform/contracts';
import type { JobQueue } from '@platform/jobs';
import { markReplayed } from '@platform/messaging';
import { Money } from '@platform/money';
import { withTransaction } from '@platform/persistence';
import { requireCustomer } from '../domain/customer';
import {
  decide,
  NO_OPERATION,
  recoveryPending,
  sandboxAnswerLost,
  sandboxOutcomeOf,
  type OperationState,
} from '../domain/operation';
import { assertPayable } from '../domain/third-party';
import type { CustomerStore, StoredBankAccount } from '../infrastructure/customers.repository';
import type {
  NewOperation,
  OperationStore,
  StoredOperation,
} from '../infrastructure/operations.repository';
import type { ThirdPartyStore } from '../infrastructure/third-parties.repository';
import type { BankingJobTasks } from './banking-job-tasks';
import type { OperationJournal } from './operation-journal';

const SETTLE_TASK = 'operations.settle_payment';

export interface PaymentRequest {
  account_id: string;
  bank_account_id?: string;
  third_party_id?: string;
  amount?: unknown;
  idempotency_key: string | null;
}

export type PaymentFees = Readonly<Record<BankingCurrency, string>>;

/**
 * Bank payments and inbound transfers. A payment debits amount + fee with the operation in one
 * transaction (`processing`); the bank settles it one simulator step later (`completed`, or
 * `failed` with the debit given back). One payment per idempotency key: the same request
 * answers the same operation, another request under the key is `idempotency_conflict`.
 */
export class OperationsService {
  constructor(
    private readonly pool: Pool,
    private readonly customers: CustomerStore,
    private readonly third_parties: ThirdPartyStore,
    private readonly operations: OperationStore,
    private readonly journal: OperationJournal,
    private readonly jobs: JobQueue,
    private readonly environment: Environment,
    private readonly step_ms: number,
    private readonly fees: PaymentFees,
    tasks: BankingJobTasks,
  ) {
    tasks.add({
      [SETTLE_TASK]: (payload: { operation_id: string }) => this.settle(payload.operation_id),
    });
  }

  async pay(request: PaymentRequest): Promise<StoredOperation> {
    const idempotency_key = IdempotencyKey.require(request.idempotency_key);
    const customer = requireCustomer(await this.customers.byAccount(request.account_id));
    const earlier = await this.operations.byKey(request.account_id, idempotency_key);
    const account = await this.bankAccount(request.account_id, request.bank_account_id);
    const amount = Money.parseInput(account.currency, request.amount);
    const fingerprint = JSON.stringify([account.bank_account_id, request.third_party_id, amount]);
    if (earlier) return sameRequest(earlier, fingerprint);
    const payee = request.third_party_id
      ? await this.third_parties.get(request.account_id, request.third_party_id)
      : null;
    if (!payee) throw new DomainError('not_found', 'no such third party');
    assertPayable(account.currency, payee.currency);
    const fee = Money.parseSigned(account.currency, this.fees[account.currency]);
    const operation: NewOperation = {
      operation_id: randomUUID(),
      account_id: request.account_id,
      org_id: customer.org_id,
      customer_id: customer.customer_id,
      bank_account_id: account.bank_account_id,
      third_party_id: payee.third_party_id,
      type: 'payment',
      status: 'processing',
      currency: account.currency,
      amount: amount.toString(),
      fee: fee.toString(),
      failure_code: null,
      idempotency_key,
      request_fingerprint: fingerprint,
      recovery_pending: this.environment === 'test' && sandboxAnswerLost(amount),
    };
    const created = await withTransaction(this.pool, async (client) => {
      // The account's row lock orders its debits: no two payments spend one balance.
      await this.customers.account(request.account_id, account.bank_account_id, client, true);
      const inserted = await this.operations.insert(client, operation);
      if (!inserted) return null; // a concurrent request with the key committed first
      const { available } = await this.customers.balance(account.bank_account_id, client);
      const decided = decide(
        {
          type: 'submit_payment',
          amount,
          fee,
          available: Money.parseSigned(account.currency, available),
        },
        NO_OPERATION,
      );
      const recorded = await this.journal.record(client, inserted, decided, 'no_stream');
      await this.jobs.scheduleInTransaction(
        client,
        SETTLE_TASK,
        { operation_id: recorded.operation_id },
        {
          delay_ms: this.step_ms,
          job_key: `settle:${recorded.operation_id}`,
          max_attempts: 10,
        },
      );
      return recorded;
    });
    if (created?.recovery_pending) throw recoveryPending();
    if (created) return created;
    const winner = await this.operations.byKey(request.account_id, idempotency_key);
    if (!winner) throw new Error('a payment conflicted on its idempotency key and vanished');
    return sameRequest(winner, fingerprint);
  }

  /** Sandbox: an inbound transfer credits the bank account (`completed` at once). */
  async receiveInbound(request: {
    account_id: string;
    bank_account_id?: string;
    amount?: unknown;
  }): Promise<StoredOperation> {
    if (this.environment !== 'test') throw new DomainError('not_found', 'no such route');
    const customer = requireCustomer(await this.customers.byAccount(request.account_id));
    const account = await this.bankAccount(request.account_id, request.bank_account_id);
    const amount = Money.parseInput(account.currency, request.amount);
    return withTransaction(this.pool, async (client) => {
      const inserted = await this.operations.insert(client, {
        operation_id: randomUUID(),
        account_id: request.account_id,
        org_id: customer.org_id,
        customer_id: customer.customer_id,
        bank_account_id: account.bank_account_id,
        third_party_id: null,
        type: 'inbound',
        status: 'completed',
        currency: account.currency,
        amount: amount.toString(),
        fee: '0.00',
        failure_code: null,
        idempotency_key: null,
        request_fingerprint: null,
        recovery_pending: false,
      });
      if (!inserted) throw new Error('an inbound operation has no key to conflict on');
      const decided = decide({ type: 'receive_inbound', amount }, NO_OPERATION);
      return this.journal.record(client, inserted, decided, 'no_stream');
    });
  }

  /** The bank's answer to a processing payment; a repeated job changes nothing. */
  async settle(operation_id: string): Promise<void> {
    await withTransaction(this.pool, async (client) => {
      const operation = await this.operations.lock(client, operation_id);
      if (!operation || operation.type !== 'payment') return;
      const amount = Money.parse(operation.currency, operation.amount);
      const state: OperationState = {
        status: operation.status,
        type: operation.type,
        amount,
        fee: Money.parseSigned(operation.currency, operation.fee),
      };
      const outcome = sandboxOutcomeOf(amount);
      const decided = decide({ type: 'settle_payment', outcome }, state);
      await this.journal.record(client, operation, decided, 'any');
    });
  }

  async get(account_id: string, operation_id: string): Promise<StoredOperation> {
    requireCustomer(await this.customers.byAccount(account_id));
    const operation = await this.operations.get(account_id, operation_id);
    if (!operation) throw new DomainError('not_found', 'no such operation');
    return operation;
  }

  async list(account_id: string, limit: number, offset: number): Promise<StoredOperation[]> {
    requireCustomer(await this.customers.byAccount(account_id));
    return this.operations.list(account_id, limit, offset);
  }

  private async bankAccount(
    account_id: string,
    bank_account_id: string | undefined,
  ): Promise<StoredBankAccount & { currency: BankingCurrency }> {
    const account = bank_account_id
      ? await this.customers.account(account_id, bank_account_id)
      : null;
    if (!account) throw new DomainError('not_found', 'no such bank account');
    return account;
  }
}

/** The earlier operation of the key, when the request is the same one. */
function sameRequest(earlier: StoredOperation, fingerprint: string): StoredOperation {
  if (earlier.request_fingerprint !== fingerprint)
    throw new DomainError(
      'idempotency_conflict',
      'this idempotency_key was used for another payment request',
    );
  if (earlier.recovery_pending) throw recoveryPending();
  markReplayed();
  return earlier;
}
