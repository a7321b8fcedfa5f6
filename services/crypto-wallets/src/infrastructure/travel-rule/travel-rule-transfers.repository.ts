import { createHash, randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import {
  DomainError,
  type DecideTravelRuleTransferCommand,
  type ListTravelRuleTransfersCommand,
  type TravelRuleTransferResource,
} from '@platform/contracts';
import type { TravelRuleTransfer } from '../../application/withdrawals/ports';

const COLUMNS = `transfer_id::text, account_id, chain, asset, amount::text, to_address,
  travel_address, beneficiary_name, status,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  to_char(decided_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as decided_at`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const STATUS_OF_DECISION = { approve: 'approved', reject: 'rejected', partial: 'partial' } as const;

/** One transfer per account, key and data: another request under the key is another transfer. */
function transferKey(transfer: TravelRuleTransfer): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        transfer.account_id,
        transfer.idempotency_key,
        transfer.chain,
        transfer.asset,
        transfer.amount,
        transfer.to_address,
        transfer.travel_address,
        transfer.beneficiary_name,
      ]),
    )
    .digest('hex');
}

/** Live Travel Rule transfers and the operator's record of each counterparty's answer. */
export class TravelRuleTransfersRepository {
  constructor(private readonly pool: Pool) {}

  /** Records the transfer once; answers it as it stands (pending until the operator decides). */
  async record(transfer: TravelRuleTransfer): Promise<TravelRuleTransferResource> {
    const key = transferKey(transfer);
    await this.pool.query(
      `insert into travel_rule_transfers (transfer_id, transfer_key, account_id, chain, asset,
         amount, to_address, travel_address, beneficiary_name)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (transfer_key) do nothing`,
      [
        randomUUID(),
        key,
        transfer.account_id,
        transfer.chain,
        transfer.asset,
        transfer.amount,
        transfer.to_address,
        transfer.travel_address,
        transfer.beneficiary_name,
      ],
    );
    const { rows } = await this.pool.query<TravelRuleTransferResource>(
      `select ${COLUMNS} from travel_rule_transfers where transfer_key = $1`,
      [key],
    );
    const recorded = rows[0];
    if (!recorded) throw new Error('the Travel Rule transfer was not recorded');
    return recorded;
  }

  async list(command: ListTravelRuleTransfersCommand): Promise<TravelRuleTransferResource[]> {
    const { rows } = await this.pool.query<TravelRuleTransferResource>(
      `select ${COLUMNS} from travel_rule_transfers
       where ($1::text is null or status = $1) order by created_at, transfer_id limit $2`,
      [command.status ?? null, command.limit],
    );
    return rows;
  }

  /** The counterparty's answer, once: a decided transfer is `already_decided`. */
  async decide(command: DecideTravelRuleTransferCommand): Promise<TravelRuleTransferResource> {
    if (!UUID.test(command.transfer_id)) {
      throw new DomainError('not_found', 'Travel Rule transfer not found');
    }
    const { rows } = await this.pool.query<TravelRuleTransferResource>(
      `update travel_rule_transfers set status = $2, decided_at = now()
       where transfer_id = $1 and status = 'pending' returning ${COLUMNS}`,
      [command.transfer_id, STATUS_OF_DECISION[command.decision]],
    );
    if (rows[0]) return rows[0];
    const { rowCount } = await this.pool.query(
      `select 1 from travel_rule_transfers where transfer_id = $1`,
      [command.transfer_id],
    );
    if (rowCount === 0) throw new DomainError('not_found', 'Travel Rule transfer not found');
    throw new DomainError('already_decided', 'this Travel Rule transfer is already decided');
  }
}
