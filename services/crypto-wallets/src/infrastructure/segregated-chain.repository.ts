import type { Pool, PoolClient } from 'pg';
import { withTransaction, type PoisonGuard } from '@platform/persistence';
import type { Chain, ChainAsset } from '../domain/chains/chain';
import type { Custody, WatchedWallet } from '../domain/wallet-sends/external-movements';
import type { WalletSend, WalletSendStatus } from '../domain/wallet-sends/wallet-send';

export type MovementStatus = 'pending' | 'confirmed' | 'failed';

/** A segregated wallet as this part reads it (no key material). */
export interface ChainWallet extends WatchedWallet {
  org_id: string;
  label: string | null;
}

export interface MovementRow {
  movement_id: string;
  wallet_id: string;
  direction: 'in' | 'out';
  kind: 'deposit' | 'send' | 'external';
  asset: string;
  tx_id: string;
  counterparty_address: string;
  amount: string;
  network_fee: string | null;
  status: MovementStatus;
  send_id: string | null;
  forward_status: 'forwarding' | 'forwarded' | 'failed' | null;
  forward_send_id: string | null;
  forward_reason: string | null;
  created_at: Date;
}

export type NewMovement = Omit<
  MovementRow,
  'status' | 'forward_status' | 'forward_send_id' | 'forward_reason' | 'created_at'
>;

export interface StoredSend extends WalletSend {
  org_id: string;
  created_at: Date;
}

/** What the wallet holds on chain and what its sends in flight already promise. */
export interface WalletHoldings {
  balance: string;
  native_balance: string;
  pending_incoming: string;
  in_flight_amount: string;
  in_flight_fees: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const WALLET_COLUMNS = 'wallet_id::text, account_id, org_id, chain, asset, address, custody, label';
const MOVEMENT_COLUMNS = `movement_id::text, wallet_id::text, direction, kind, asset, tx_id,
  counterparty_address, amount::text, network_fee::text, status, send_id::text, forward_status,
  forward_send_id::text, forward_reason, created_at`;
const SEND_COLUMNS = `send_id::text, wallet_id::text, account_id, org_id, chain, asset,
  from_address, to_address, amount::text, network_fee::text, idempotency_key, status, tx_id,
  failure_reason, created_at`;

interface WalletDbRow {
  wallet_id: string;
  account_id: string;
  org_id: string;
  chain: Chain;
  asset: ChainAsset;
  address: string;
  custody: Custody;
  label: string | null;
}

/** Segregated wallets' movements, sends and auto-forward settings. */
export class SegregatedChainRepository {
  constructor(private readonly pool: Pool) {}

  transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    return withTransaction(this.pool, work);
  }

  /** The account's wallet; another account's (or no such id) is null. */
  async wallet(account_id: string, wallet_id: string): Promise<ChainWallet | null> {
    if (!UUID.test(wallet_id)) return null;
    const { rows } = await this.pool.query<WalletDbRow>(
      `select ${WALLET_COLUMNS} from segregated_wallets where wallet_id = $1 and account_id = $2`,
      [wallet_id, account_id],
    );
    return rows[0] ?? null;
  }

  /** The segregated wallets at either address of a transfer on `chain`. */
  async walletsAt(chain: Chain, addresses: string[]): Promise<ChainWallet[]> {
    const { rows } = await this.pool.query<WalletDbRow>(
      `select ${WALLET_COLUMNS} from segregated_wallets
        where chain = $1 and lower(address) = any($2::text[])`,
      [chain, addresses.map((address) => address.toLowerCase())],
    );
    return rows;
  }

  /**
   * Serializes the account's sends: two sends never spend the same balance, and a key used at
   * once on two wallets is one send and one conflict (the key is unique per account).
   */
  async lockAccountSends(client: PoolClient, account_id: string): Promise<void> {
    await client.query("select pg_advisory_xact_lock(hashtext('wallet-sends:' || $1))", [
      account_id,
    ]);
  }

  async holdings(
    wallet: ChainWallet,
    native_coin: string,
    client?: PoolClient,
  ): Promise<WalletHoldings> {
    const { rows } = await (client ?? this.pool).query<WalletHoldings>(
      `select
         coalesce(sum(case when asset = $2 and status = 'confirmed'
           then case when direction = 'in' then amount else -amount end end), 0)::text as balance,
         (coalesce(sum(case when asset = $3 and status = 'confirmed'
           then case when direction = 'in' then amount else -amount end end), 0)
           - coalesce(sum(case when direction = 'out' and status in ('confirmed', 'failed')
               then network_fee end), 0))::text as native_balance,
         coalesce(sum(case when asset = $2 and status = 'pending' and direction = 'in'
           then amount end), 0)::text as pending_incoming,
         (select coalesce(sum(amount), 0)::text from wallet_sends
           where wallet_id = $1 and status in ('pending', 'broadcast')) as in_flight_amount,
         (select coalesce(sum(network_fee), 0)::text from wallet_sends
           where wallet_id = $1 and status in ('pending', 'broadcast')) as in_flight_fees
       from wallet_movements where wallet_id = $1`,
      [wallet.wallet_id, wallet.asset, native_coin],
    );
    const row = rows[0];
    if (!row) throw new Error('an aggregate answered no row');
    return row;
  }

  /** Records a movement once (first observation); answers it as stored. */
  async openMovement(client: PoolClient, movement: NewMovement): Promise<MovementRow> {
    await client.query(
      `insert into wallet_movements (movement_id, wallet_id, direction, kind, asset, tx_id,
         counterparty_address, amount, network_fee, status, send_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10)
       on conflict (wallet_id, tx_id, direction, asset) do nothing`,
      [
        movement.movement_id,
        movement.wallet_id,
        movement.direction,
        movement.kind,
        movement.asset,
        movement.tx_id,
        movement.counterparty_address,
        movement.amount,
        movement.network_fee,
        movement.send_id,
      ],
    );
    const { rows } = await client.query<MovementRow>(
      `select ${MOVEMENT_COLUMNS} from wallet_movements
        where wallet_id = $1 and tx_id = $2 and direction = $3 and asset = $4 for update`,
      [movement.wallet_id, movement.tx_id, movement.direction, movement.asset],
    );
    if (!rows[0]) throw new Error('a wallet movement vanished after its insert');
    return rows[0];
  }

  /** Moves a pending movement to its final status; false when it was final already. */
  async settleMovement(
    client: PoolClient,
    movement_id: string,
    status: 'confirmed' | 'failed',
  ): Promise<boolean> {
    const { rowCount } = await client.query(
      `update wallet_movements set status = $2 where movement_id = $1 and status = 'pending'`,
      [movement_id, status],
    );
    return (rowCount ?? 0) > 0;
  }

  async recordForward(
    movement_id: string,
    forward: {
      status: 'forwarding' | 'forwarded' | 'failed';
      send_id: string | null;
      reason: string | null;
    },
    client?: PoolClient,
  ): Promise<void> {
    await (client ?? this.pool).query(
      `update wallet_movements set forward_status = $2, forward_send_id = $3, forward_reason = $4
        where movement_id = $1`,
      [movement_id, forward.status, forward.send_id, forward.reason],
    );
  }

  async movements(
    wallet_id: string,
    page: { limit: number; offset: number; deposits_only: boolean },
  ): Promise<MovementRow[]> {
    const { rows } = await this.pool.query<MovementRow>(
      `select ${MOVEMENT_COLUMNS} from wallet_movements
        where wallet_id = $1 and ($2::boolean is false or kind = 'deposit')
        order by created_at desc, movement_id limit $3 offset $4`,
      [wallet_id, page.deposits_only, page.limit, page.offset],
    );
    return rows;
  }

  async insertSend(
    client: PoolClient,
    send: StoredSend & { signature: string },
  ): Promise<StoredSend> {
    const { rows } = await client.query<StoredSend>(
      `insert into wallet_sends (send_id, wallet_id, account_id, org_id, chain, asset,
         from_address, to_address, amount, network_fee, idempotency_key, status, signature)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning ${SEND_COLUMNS}`,
      [
        send.send_id,
        send.wallet_id,
        send.account_id,
        send.org_id,
        send.chain,
        send.asset,
        send.from_address,
        send.to_address,
        send.amount,
        send.network_fee,
        send.idempotency_key,
        send.status,
        send.signature,
      ],
    );
    if (!rows[0]) throw new Error('a send vanished after its insert');
    return rows[0];
  }

  async sendByKey(
    client: PoolClient,
    account_id: string,
    idempotency_key: string,
  ): Promise<StoredSend | null> {
    const { rows } = await client.query<StoredSend>(
      `select ${SEND_COLUMNS} from wallet_sends where account_id = $1 and idempotency_key = $2`,
      [account_id, idempotency_key],
    );
    return rows[0] ?? null;
  }

  /** The send, locked when `client` is in a transaction. */
  async send(
    send_id: string,
    where: { wallet_id?: string; client?: PoolClient; lock?: boolean },
  ): Promise<StoredSend | null> {
    if (!UUID.test(send_id)) return null;
    const { rows } = await (where.client ?? this.pool).query<StoredSend>(
      `select ${SEND_COLUMNS} from wallet_sends
        where send_id = $1 and ($2::uuid is null or wallet_id = $2)${where.lock ? ' for update' : ''}`,
      [send_id, where.wallet_id ?? null],
    );
    return rows[0] ?? null;
  }

  async sends(wallet_id: string, limit: number, offset: number): Promise<StoredSend[]> {
    const { rows } = await this.pool.query<StoredSend>(
      `select ${SEND_COLUMNS} from wallet_sends where wallet_id = $1
        order by created_at desc, send_id limit $2 offset $3`,
      [wallet_id, limit, offset],
    );
    return rows;
  }

  async updateSend(
    client: PoolClient,
    send: {
      send_id: string;
      status: WalletSendStatus;
      tx_id: string | null;
      failure_reason: string | null;
    },
  ): Promise<void> {
    await client.query(
      `update wallet_sends set status = $2, tx_id = $3, failure_reason = $4 where send_id = $1`,
      [send.send_id, send.status, send.tx_id, send.failure_reason],
    );
  }

  /**
   * Sends stored but never handed to the chain (the process died between the two): older than
   * `grace_ms`, so that a send being created right now is left to its own request.
   */
  async unbroadcastSends(
    grace_ms: number,
    limit: number,
    guard: PoisonGuard,
  ): Promise<StoredSend[]> {
    const { rows } = await this.pool.query<StoredSend>(
      `select ${SEND_COLUMNS} from wallet_sends
        where status = 'pending' and tx_id is null
          and created_at < now() - make_interval(secs => $2::double precision / 1000)
          and send_id::text <> all($3::text[])
          and ${guard.notSetAside('$4', 'send_id::text')}
        order by created_at limit $1`,
      [limit, grace_ms, guard.waiting(), guard.source],
    );
    return rows;
  }

  /** Notes the broadcast's transaction id before the chain reports the transfer. */
  async noteTxId(send_id: string, tx_id: string): Promise<void> {
    await this.pool.query(
      'update wallet_sends set tx_id = $2 where send_id = $1 and tx_id is null',
      [send_id, tx_id],
    );
  }

  async autoForward(wallet_id: string, client?: PoolClient): Promise<boolean> {
    const { rows } = await (client ?? this.pool).query<{ enabled: boolean }>(
      'select enabled from wallet_auto_forward where wallet_id = $1',
      [wallet_id],
    );
    return rows[0]?.enabled ?? false;
  }

  async setAutoForward(wallet_id: string, enabled: boolean): Promise<void> {
    await this.pool.query(
      `insert into wallet_auto_forward (wallet_id, enabled) values ($1, $2)
       on conflict (wallet_id) do update set enabled = $2, updated_at = now()`,
      [wallet_id, enabled],
    );
  }
}
