import type { PoolClient } from 'pg';
import type { ConfirmationDecision, PayinConfirmation } from '../domain/manual-confirmation';

/** The operators' confirmations of manually confirmed payins (one row per payin). */
export class ConfirmationsRepository {
  /** The payin's confirmation, locked for the caller's transaction. */
  async lock(client: PoolClient, payin_id: string): Promise<PayinConfirmation | null> {
    const { rows } = await client.query<PayinConfirmation>(
      'select * from payin_confirmations where payin_id = $1 for update',
      [payin_id],
    );
    return rows[0] ?? null;
  }

  async insertReceipt(
    client: PoolClient,
    receipt: Pick<
      PayinConfirmation,
      'payin_id' | 'account_id' | 'received_by' | 'received_amount' | 'bank_reference'
    >,
  ): Promise<PayinConfirmation> {
    const { rows } = await client.query<PayinConfirmation>(
      `insert into payin_confirmations
         (payin_id, account_id, received_by, received_amount, bank_reference)
       values ($1, $2, $3, $4, $5) returning *`,
      [
        receipt.payin_id,
        receipt.account_id,
        receipt.received_by,
        receipt.received_amount,
        receipt.bank_reference,
      ],
    );
    return rows[0];
  }

  async decide(
    client: PoolClient,
    payin_id: string,
    decision: ConfirmationDecision,
    decided_by: string,
  ): Promise<PayinConfirmation> {
    const { rows } = await client.query<PayinConfirmation>(
      `update payin_confirmations set decision = $2, decided_by = $3, decided_at = now()
        where payin_id = $1 returning *`,
      [payin_id, decision, decided_by],
    );
    return rows[0];
  }
}
