import type { Pool, PoolClient } from 'pg';
import type {
  BroadcastReceipt,
  BroadcastRequest,
  ChainObservation,
  ChainPort,
  ObservedAsset,
} from '../../application/chain-port';
import type { Chain } from '../../domain/chains/chain';
import { networkFee } from '../../domain/chains/fees';
import { ChainTransfers, type ChainTransfer } from './chain-transfers';
import { ObservationLog } from './observation-log';
import { sandboxTxId } from './tx-ids';

/**
 * Blocks after which a sandbox transfer is final, counting the block it is seen in: small so
 * that tests finish in a few steps (real chains ask for about 19 on tron, 12 on eth, 3 on btc).
 */
export const SANDBOX_CONFIRMATIONS = { tron: 2, eth: 3, btc: 2 } as const satisfies Record<
  Chain,
  number
>;

/** Transfers one block moves at most; the rest wait for the next block. */
const BLOCK_CAPACITY = 500;

/** An outbound sandbox transfer whose amount ends in `.99` is seen, then fails (D6, D9). */
export function failsInSandbox(amount: string): boolean {
  const [, fraction = ''] = amount.split('.');
  return fraction.replace(/0+$/, '') === '99';
}

export interface InboundTransfer {
  chain: Chain;
  asset: ObservedAsset;
  from_address: string;
  to_address: string;
  amount: string;
  /** The submitter's key: a repeat answers the first transfer. */
  reference?: string;
}

/**
 * The sandbox's simulated chain, durable in PostgreSQL (a restart continues it): every block
 * (`step`, driven by the ticker every `SANDBOX_STEP_MS`) sees the pending transfers and
 * confirms or fails those that reached `SANDBOX_CONFIRMATIONS`, writing each change to the
 * observation log. Concurrent steppers (replicas) serialize on the height row.
 */
export class SandboxChain implements ChainPort {
  private readonly transfers: ChainTransfers;
  private readonly log: ObservationLog;
  private readonly queued_listeners: Array<() => void> = [];

  constructor(private readonly pool: Pool) {
    this.transfers = new ChainTransfers(pool);
    this.log = new ObservationLog(pool);
  }

  requiredConfirmations(chain: Chain): number {
    return SANDBOX_CONFIRMATIONS[chain];
  }

  /** Told when a transfer was sent to the chain, so that the ticker mines its next block soon. */
  onQueued(listener: () => void): void {
    this.queued_listeners.push(listener);
  }

  async broadcast(request: BroadcastRequest): Promise<BroadcastReceipt> {
    const transfer = await this.transfers.insertOnce(
      {
        ...request,
        direction: 'outbound',
        network_fee: networkFee(request.chain).amount,
        tx_id: sandboxTxId(request.chain, `out:${request.reference}`),
      },
      () => null,
    );
    this.announceQueued();
    return { tx_id: transfer.tx_id };
  }

  /** An inbound transfer (a sandbox deposit) sent to the chain: seen in the next block. */
  async submitInbound(transfer: InboundTransfer): Promise<ChainTransfer> {
    const submitted = await this.transfers.insertOnce(
      {
        ...transfer,
        reference: transfer.reference ?? null,
        direction: 'inbound',
        network_fee: networkFee(transfer.chain).amount,
        tx_id: null,
      },
      (transfer_id) => sandboxTxId(transfer.chain, `in:${transfer_id}`),
    );
    this.announceQueued();
    return submitted;
  }

  private announceQueued(): void {
    for (const listener of this.queued_listeners) listener();
  }

  observationsAfter(cursor: string, limit: number): Promise<ChainObservation[]> {
    return this.log.after(cursor, limit);
  }

  /**
   * Mines one block when a transfer is in flight (an empty chain stays where it is, so an idle
   * sandbox writes nothing). Answers the new height, or null when there was nothing to mine.
   */
  async step(): Promise<string | null> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const height = await this.nextHeight(client);
      const in_flight = height ? await this.transfers.lockInFlight(client, BLOCK_CAPACITY) : [];
      if (!height || in_flight.length === 0) {
        await client.query('rollback');
        return null;
      }
      await client.query('update sandbox_chain set height = $1', [height]);
      for (const transfer of in_flight) await this.advance(client, transfer, height);
      await client.query('commit');
      return height;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async height(): Promise<string> {
    const { rows } = await this.pool.query<{ height: string }>(
      'select height::text from sandbox_chain',
    );
    return rows[0]?.height ?? '0';
  }

  /** The height of the block being mined, the chain's row locked. */
  private async nextHeight(client: PoolClient): Promise<string | null> {
    await client.query(
      'insert into sandbox_chain (height) values (0) on conflict (singleton) do nothing',
    );
    const { rows } = await client.query<{ height: string }>(
      'select (height + 1)::text as height from sandbox_chain for update',
    );
    return rows[0]?.height ?? null;
  }

  private async advance(
    client: PoolClient,
    transfer: ChainTransfer,
    height: string,
  ): Promise<void> {
    const seen_height = transfer.seen_height ?? height;
    const confirmations = Number(BigInt(height) - BigInt(seen_height)) + 1;
    const observe = (status: ChainObservation['status']) =>
      this.log.append(
        {
          status,
          confirmations,
          chain: transfer.chain,
          asset: transfer.asset,
          tx_id: transfer.tx_id ?? '',
          from_address: transfer.from_address,
          to_address: transfer.to_address,
          amount: transfer.amount,
          network_fee: transfer.network_fee,
          reference: transfer.direction === 'outbound' ? transfer.reference : null,
        },
        client,
      );
    if (transfer.status === 'pending') await observe('seen');
    let status: ChainTransfer['status'] = 'seen';
    if (confirmations >= this.requiredConfirmations(transfer.chain))
      status =
        transfer.direction === 'outbound' && failsInSandbox(transfer.amount)
          ? 'failed'
          : 'confirmed';
    if (status !== 'seen') await observe(status);
    await this.transfers.setStatus(client, transfer.transfer_id, status, seen_height);
  }
}
