import type { Chain, ChainAsset } from '../chains/chain';

/**
 * A send from a segregated wallet: the platform signs a transfer with the wallet's key and
 * hands it to the chain. The ledger is untouched (the coins are the client's, on chain); what
 * the platform owes the client is an honest status: `pending` until the chain has it,
 * `broadcast` once it is in a block, then `completed` or `failed` (spec §3: the final values).
 */
export const WALLET_SEND_STATUSES = ['pending', 'broadcast', 'completed', 'failed'] as const;
export type WalletSendStatus = (typeof WALLET_SEND_STATUSES)[number];

export interface WalletSend {
  send_id: string;
  wallet_id: string;
  account_id: string;
  chain: Chain;
  asset: ChainAsset;
  from_address: string;
  to_address: string;
  amount: string;
  network_fee: string;
  idempotency_key: string;
  status: WalletSendStatus;
  tx_id: string | null;
  failure_reason: string | null;
}

export type WalletSendCommand =
  | { type: 'record_broadcast'; tx_id: string }
  | { type: 'record_confirmation'; tx_id: string }
  | { type: 'record_failure'; tx_id: string | null; reason: string };

export type WalletSendEvent =
  | { type: 'wallet_send_broadcast'; tx_id: string }
  | { type: 'wallet_send_completed'; tx_id: string }
  | { type: 'wallet_send_failed'; tx_id: string | null; reason: string };

const FINAL: ReadonlySet<WalletSendStatus> = new Set(['completed', 'failed']);

/**
 * What an observation of the chain changes. Observations arrive more than once and out of
 * order (a confirmation can be the first thing seen after a restart): a repeat decides nothing,
 * a confirmation skips `broadcast`, and nothing moves a final send.
 */
export function decideSend(command: WalletSendCommand, send: WalletSend): WalletSendEvent[] {
  if (FINAL.has(send.status)) return [];
  if (command.type !== 'record_failure' && send.tx_id !== null && send.tx_id !== command.tx_id)
    // Not a client's mistake: the observation log disagrees with the send. The chain watcher
    // sets the observation aside with this reason (D12) instead of guessing.
    throw new Error(`send ${send.send_id} is on transaction ${send.tx_id}, not ${command.tx_id}`);
  switch (command.type) {
    case 'record_broadcast':
      return send.status === 'pending'
        ? [{ type: 'wallet_send_broadcast', tx_id: command.tx_id }]
        : [];
    case 'record_confirmation':
      return [{ type: 'wallet_send_completed', tx_id: command.tx_id }];
    case 'record_failure':
      return [
        { type: 'wallet_send_failed', tx_id: command.tx_id ?? send.tx_id, reason: command.reason },
      ];
    default:
      return unknownCommand(command);
  }
}

export function evolveSend(send: WalletSend, event: WalletSendEvent): WalletSend {
  switch (event.type) {
    case 'wallet_send_broadcast':
      return { ...send, status: 'broadcast', tx_id: event.tx_id };
    case 'wallet_send_completed':
      return { ...send, status: 'completed', tx_id: event.tx_id };
    case 'wallet_send_failed':
      return { ...send, status: 'failed', tx_id: event.tx_id, failure_reason: event.reason };
    default:
      return unknownEvent(event);
  }
}

function unknownCommand(command: never): never {
  throw new Error(`unknown wallet send command ${JSON.stringify(command)}`);
}

function unknownEvent(event: never): never {
  throw new Error(`unknown wallet send event ${JSON.stringify(event)}`);
}
