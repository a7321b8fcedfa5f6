import { randomUUID } from 'node:crypto';
import type { PoolClient } from 'pg';
import Big from 'big.js';
import {
  DomainError,
  type CreateWalletSendCommand,
  type WalletSendResource,
} from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import { NATIVE_COINS, type Network } from '../domain/chains/chain';
import { networkFee } from '../domain/chains/fees';
import { covers, rawAmount } from '../domain/wallet-sends/coin-amount';
import { requireGas } from '../domain/wallet-sends/gas';
import {
  readSendRequest,
  sameSend,
  type SendBody,
  type SendOrigin,
} from '../domain/wallet-sends/send-request';
import { decideSend, evolveSend, type WalletSendCommand } from '../domain/wallet-sends/wallet-send';
import type {
  ChainWallet,
  SegregatedChainRepository,
  StoredSend,
} from '../infrastructure/segregated-chain.repository';
import { renderSendReceiptPdf } from '../infrastructure/wallet-sends/send-receipt-pdf';
import type { ReceiptLocale } from '../infrastructure/wallet-sends/send-receipt-labels';
import { WALLET_SEND_REFERENCE_PREFIX, type ChainPort } from './chain-port';
import type { SegregatedWallets } from './segregated';
import { markReplayed } from '@platform/messaging';

/**
 * The idempotency keys of auto-forwards: internal, so never put in a public event. Reserved in
 * IdempotencyKey, so no client's send can take (or collide with) a forward's key.
 */
export const AUTO_FORWARD_KEY_PREFIX = 'auto-forward:';

/** The wallet events of part S, appended in the caller's transaction (the outbox). */
export async function appendWalletEvent(
  events: PgEventStore,
  client: PoolClient,
  wallet: { wallet_id: string; org_id: string; account_id: string },
  event: { type: string; data: Record<string, unknown> },
): Promise<void> {
  await events.appendInTransaction(
    client,
    `segregated-wallet-${wallet.wallet_id}`,
    [{ ...event, org_id: wallet.org_id, account_id: wallet.account_id }] as never,
    { expected_version: 'any' },
  );
}

export function sendResource(send: StoredSend): WalletSendResource {
  return {
    send_id: send.send_id,
    wallet_id: send.wallet_id,
    chain: send.chain,
    asset: send.asset,
    to_address: send.to_address,
    amount: send.amount,
    network_fee: send.network_fee,
    tx_id: send.tx_id,
    status: send.status,
    failure_reason: send.failure_reason,
    idempotency_key: send.idempotency_key,
    created_at: send.created_at.toISOString(),
  };
}

/**
 * Sends from segregated wallets (decisions D9): judged, signed with the wallet's key, recorded
 * and broadcast; the chain's observations then drive their status. The ledger is untouched.
 */
export class WalletSends {
  constructor(
    private readonly repository: SegregatedChainRepository,
    private readonly wallets: SegregatedWallets,
    private readonly chain: ChainPort,
    private readonly events: PgEventStore,
    private readonly network: Network,
  ) {}

  async create(command: CreateWalletSendCommand): Promise<WalletSendResource> {
    const wallet = await this.walletOf(command.account_id, command.wallet_id);
    return sendResource(await this.send(wallet, command as SendBody));
  }

  /** A send of `wallet` (the client's, or an auto-forward): idempotent by its key (D7). */
  async send(
    wallet: ChainWallet,
    body: SendBody,
    origin: SendOrigin = 'client',
  ): Promise<StoredSend> {
    const request = readSendRequest(body, { ...wallet, network: this.network }, origin);
    const send_id = randomUUID();
    const network_fee = networkFee(wallet.chain).amount;
    // The wallet's key signs the transfer's terms: a send leaves only with its owner's key.
    const { signature } = await this.wallets.sign(
      wallet.account_id,
      wallet.wallet_id,
      `send ${send_id}: ${request.amount} ${wallet.asset} to ${request.to_address}`,
    );
    const stored = await this.repository.transaction(async (client) => {
      await this.repository.lockAccountSends(client, wallet.account_id);
      const existing = await this.repository.sendByKey(
        client,
        wallet.account_id,
        request.idempotency_key,
      );
      if (existing) {
        if (existing.wallet_id !== wallet.wallet_id || !sameSend(request, existing))
          throw new DomainError(
            'idempotency_conflict',
            'idempotency_key was used for another send',
          );
        markReplayed();
        return existing;
      }
      await this.requireFunds(client, wallet, request.amount, network_fee);
      const send = await this.repository.insertSend(client, {
        send_id,
        wallet_id: wallet.wallet_id,
        account_id: wallet.account_id,
        org_id: wallet.org_id,
        chain: wallet.chain,
        asset: wallet.asset,
        from_address: wallet.address,
        to_address: request.to_address,
        amount: request.amount,
        network_fee,
        idempotency_key: request.idempotency_key,
        status: 'pending',
        tx_id: null,
        failure_reason: null,
        signature,
        created_at: new Date(),
      });
      await this.publish(client, wallet, send);
      return send;
    });
    return stored.status === 'pending' && stored.tx_id === null ? this.broadcast(stored) : stored;
  }

  async list(account_id: string, wallet_id: string, limit: number, offset: number) {
    const wallet = await this.walletOf(account_id, wallet_id);
    const sends = await this.repository.sends(wallet.wallet_id, limit, offset);
    return { sends: sends.map(sendResource) };
  }

  async get(account_id: string, wallet_id: string, send_id: string) {
    return sendResource(await this.sendOf(account_id, wallet_id, send_id));
  }

  async receipt(account_id: string, wallet_id: string, send_id: string, locale: ReceiptLocale) {
    const wallet = await this.walletOf(account_id, wallet_id);
    const send = await this.sendOf(account_id, wallet_id, send_id);
    const pdf = await renderSendReceiptPdf(
      {
        send,
        wallet_label: wallet.label,
        created_at: send.created_at.toISOString(),
        organization_name: null,
      },
      locale,
    );
    return { filename: `send-${send.send_id}.pdf`, pdf_base64: pdf.toString('base64') };
  }

  /** An observation of the send's own transfer, in the watcher's transaction. */
  async observe(
    client: PoolClient,
    wallet: ChainWallet,
    send_id: string,
    command: WalletSendCommand,
  ): Promise<void> {
    const send = await this.repository.send(send_id, { client, lock: true });
    if (!send) throw new Error(`no send ${send_id} for a broadcast of the platform`);
    const decided = decideSend(command, send);
    if (decided.length === 0) return;
    const next = { ...send, ...decided.reduce(evolveSend, send) };
    await this.repository.updateSend(client, next);
    await this.publish(client, wallet, next);
  }

  /** Hands a stored send to the chain again; the chain answers a repeat with its first tx id. */
  async resumeBroadcast(send: StoredSend): Promise<void> {
    await this.broadcast(send);
  }

  private async broadcast(send: StoredSend): Promise<StoredSend> {
    const receipt = await this.chain.broadcast({
      reference: `${WALLET_SEND_REFERENCE_PREFIX}${send.send_id}`,
      chain: send.chain,
      asset: send.asset,
      from_address: send.from_address,
      to_address: send.to_address,
      amount: send.amount,
    });
    if (receipt.tx_id === null) return send;
    await this.repository.noteTxId(send.send_id, receipt.tx_id);
    return { ...send, tx_id: receipt.tx_id };
  }

  /** `insufficient_funds` for the amount, `insufficient_gas` for the fee, net of sends in flight. */
  private async requireFunds(
    client: PoolClient,
    wallet: ChainWallet,
    amount: string,
    network_fee: string,
  ): Promise<void> {
    const holdings = await this.repository.holdings(wallet, NATIVE_COINS[wallet.chain], client);
    const available = new Big(holdings.balance).minus(holdings.in_flight_amount);
    if (!covers(available.toString(), amount))
      throw new DomainError(
        'insufficient_funds',
        `the wallet holds ${available.toString()} ${wallet.asset} available, less than ${amount}`,
      );
    requireGas({
      chain: wallet.chain,
      native_balance: new Big(holdings.native_balance).minus(holdings.in_flight_fees).toString(),
      network_fee,
    });
  }

  private async publish(client: PoolClient, wallet: ChainWallet, send: StoredSend): Promise<void> {
    await appendWalletEvent(this.events, client, wallet, {
      type: 'crypto-wallets.wallet_send_status_changed',
      data: {
        send_id: send.send_id,
        wallet_id: send.wallet_id,
        account_id: send.account_id,
        chain: send.chain,
        asset: send.asset,
        tx_id: send.tx_id,
        status: send.status,
        amount_raw: rawAmount(send.asset, send.amount),
        ...(send.idempotency_key.startsWith(AUTO_FORWARD_KEY_PREFIX)
          ? {}
          : { idempotency_key: send.idempotency_key }),
      },
    });
  }

  private async walletOf(account_id: string, wallet_id: string): Promise<ChainWallet> {
    const wallet = await this.repository.wallet(account_id, wallet_id);
    if (!wallet) throw new DomainError('not_found', 'no such segregated wallet');
    return wallet;
  }

  private async sendOf(account_id: string, wallet_id: string, send_id: string) {
    const wallet = await this.walletOf(account_id, wallet_id);
    const send = await this.repository.send(send_id, { wallet_id: wallet.wallet_id });
    if (!send) throw new DomainError('not_found', 'no such send');
    return send;
  }
}
