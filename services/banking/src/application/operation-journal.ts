import { randomUUID } from 'node:crypto';
import type { PoolClient } from 'pg';
import type { NewEvent, PgEventStore } from '@platform/event-store';
import { balanceChangeOf, type OperationEvent } from '../domain/operation';
import { operationStream } from '../infrastructure/banking-events';
import type { OperationStore, StoredOperation } from '../infrastructure/operations.repository';

/**
 * Writes what an operation's domain events mean, in the caller's transaction: the balance
 * entries they book, the operation's new status and the events for the bus (its status, each
 * balance change, and an inbound transfer's arrival). The one place an operation is recorded.
 */
export class OperationJournal {
  constructor(
    private readonly operations: OperationStore,
    private readonly events: PgEventStore,
  ) {}

  async record(
    client: PoolClient,
    operation: StoredOperation,
    decided: readonly OperationEvent[],
    expected_version: 'no_stream' | 'any',
  ): Promise<StoredOperation> {
    let current = operation;
    const outgoing: NewEvent[] = [];
    const scope = { org_id: operation.org_id, account_id: operation.account_id };
    for (const event of decided) {
      const change = balanceChangeOf(event);
      if (change) {
        const entry_id = randomUUID();
        const booked_at = await this.operations.book(client, {
          entry_id,
          bank_account_id: operation.bank_account_id,
          operation_id: operation.operation_id,
          change: change.toString(),
        });
        outgoing.push({
          type: 'banking.balance_changed',
          data: {
            entry_id,
            account_id: operation.account_id,
            bank_account_id: operation.bank_account_id,
            operation_id: operation.operation_id,
            currency: operation.currency,
            change: change.toString(),
            booked_at: booked_at.toISOString(),
          },
          ...scope,
        });
      }
      if (event.type === 'payment_completed' || event.type === 'payment_failed')
        current = await this.operations.setStatus(
          client,
          operation.operation_id,
          event.type === 'payment_completed' ? 'completed' : 'failed',
          event.type === 'payment_failed' ? 'rejected_by_bank' : null,
        );
      if (event.type === 'inbound_received')
        outgoing.push({
          type: 'banking.virtual_iban_inbound_received',
          data: {
            operation_id: operation.operation_id,
            account_id: operation.account_id,
            bank_account_id: operation.bank_account_id,
            amount: operation.amount,
            currency: operation.currency,
          },
          ...scope,
        });
      outgoing.push({
        type: 'banking.operation_status_changed',
        data: {
          account_id: current.account_id,
          customer_id: current.customer_id,
          operation_id: current.operation_id,
          bank_account_id: current.bank_account_id,
          type: current.type,
          status: current.status,
          currency: current.currency,
          amount: current.amount,
          ...(current.idempotency_key ? { idempotency_key: current.idempotency_key } : {}),
        },
        ...scope,
      });
    }
    if (outgoing.length > 0)
      await this.events.appendInTransaction(
        client,
        operationStream(operation.operation_id),
        outgoing,
        { expected_version },
      );
    return current;
  }
}
