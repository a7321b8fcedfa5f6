import type { Pool } from 'pg';
import { DomainError } from '@platform/contracts';
import type {
  BroadcastReceipt,
  BroadcastRequest,
  ChainObservation,
  ChainPort,
} from '../../application/chain-port';
import type { Chain, Network } from '../../domain/chains/chain';
import { networkFee } from '../../domain/chains/fees';
import { ChainTransfers, type ChainTransfer } from './chain-transfers';
import { ObservationLog } from './observation-log';
import { checkReport, checkTxId, type ObservationReport } from './operator-reports';

/** Confirmations the operator waits for before reporting a live transfer `confirmed`. */
export const LIVE_CONFIRMATIONS = { tron: 19, eth: 12, btc: 3 } as const satisfies Record<
  Chain,
  number
>;

/**
 * The live chain connector, watch-only (D9): the platform reaches no chain. A broadcast waits
 * for the operator, who signs and sends it outside the platform and reports its tx id; the
 * operator also reports what they see on chain (deposits included), which goes to the log.
 */
export class LiveChain implements ChainPort {
  private readonly transfers: ChainTransfers;
  private readonly log: ObservationLog;

  constructor(
    pool: Pool,
    private readonly network: Network,
  ) {
    this.transfers = new ChainTransfers(pool);
    this.log = new ObservationLog(pool);
  }

  requiredConfirmations(chain: Chain): number {
    return LIVE_CONFIRMATIONS[chain];
  }

  async broadcast(request: BroadcastRequest): Promise<BroadcastReceipt> {
    const transfer = await this.transfers.insertOnce(
      {
        ...request,
        direction: 'outbound',
        network_fee: networkFee(request.chain).amount,
        tx_id: null,
      },
      () => null,
    );
    return { tx_id: transfer.tx_id };
  }

  observationsAfter(cursor: string, limit: number): Promise<ChainObservation[]> {
    return this.log.after(cursor, limit);
  }

  /** Broadcasts the operator has not reported a tx id for yet, oldest first. */
  pendingBroadcasts(limit: number): Promise<ChainTransfer[]> {
    return this.transfers.awaitingTxId(limit);
  }

  /** The operator broadcast `reference` as `tx_id`. Reporting the same id again changes nothing. */
  async reportBroadcast(reference: string, tx_id_text: unknown): Promise<ChainTransfer> {
    const transfer = await this.transfers.byReference(reference);
    if (!transfer || transfer.direction !== 'outbound')
      throw new DomainError('not_found', 'no broadcast with this reference');
    const tx_id = checkTxId(transfer.chain, tx_id_text);
    if (transfer.tx_id !== null && transfer.tx_id !== tx_id)
      throw new DomainError('duplicate', 'this broadcast already has another tx_id');
    const other = await this.transfers.byTxId(transfer.chain, tx_id);
    if (other && other.transfer_id !== transfer.transfer_id)
      throw new DomainError('duplicate', 'this tx_id belongs to another transfer');
    const updated = await this.transfers.setTxId(reference, tx_id);
    if (updated?.tx_id !== tx_id)
      throw new DomainError('duplicate', 'this broadcast already has another tx_id');
    return updated;
  }

  /** What the operator saw on chain about one transfer, appended to the observation log. */
  async reportObservation(report: ObservationReport): Promise<ChainObservation> {
    const checked = checkReport(report, this.network);
    const known = await this.transfers.byTxId(checked.chain, checked.tx_id);
    return this.log.append({
      ...checked,
      confirmations: checked.confirmations ?? this.defaultConfirmations(checked),
      reference: known?.direction === 'outbound' ? known.reference : null,
    });
  }

  private defaultConfirmations(report: { status: string; chain: Chain }): number {
    return report.status === 'confirmed' ? this.requiredConfirmations(report.chain) : 1;
  }
}
