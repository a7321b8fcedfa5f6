import { DomainError, IdempotencyKey } from '@platform/contracts';
import { Money } from '@platform/money';
import { parseAddress } from '../chains/addresses';
import type { Chain, ChainAsset, Network } from '../chains/chain';

/** `POST /v1/segregated-wallets/{id}/sends` as the client sent it (shape checked at the edge). */
export interface SendBody {
  to_address?: unknown;
  amount?: unknown;
  idempotency_key?: unknown;
}

/** Who asks for a send: the wallet's owner, or the platform forwarding a deposit. */
export type SendOrigin = 'client' | 'platform';

export interface SendRequest {
  to_address: string;
  amount: string;
  idempotency_key: string;
}

/** The wallet a send leaves from: its chain and asset decide what a valid request is. */
export interface SendingWallet {
  chain: Chain;
  asset: ChainAsset;
  address: string;
  network: Network;
}

/**
 * A send's values judged with the spec's codes: an address of another chain or network is
 * `invalid_payload`, an amount that is not a positive amount of the asset `invalid_amount`, a
 * send to the wallet itself `invalid_payload` (it would only burn the fee).
 */
export function readSendRequest(
  body: SendBody,
  wallet: SendingWallet,
  sender: SendOrigin = 'client',
): SendRequest {
  // A client's key may not take a prefix the platform keeps for its own sends (auto-forwards).
  const idempotency_key =
    sender === 'client'
      ? IdempotencyKey.require(body.idempotency_key)
      : IdempotencyKey.platform(body.idempotency_key);
  const to_address =
    typeof body.to_address === 'string'
      ? parseAddress(wallet.chain, wallet.network, body.to_address.trim())
      : null;
  if (to_address === null)
    throw new DomainError(
      'invalid_payload',
      `to_address is not a ${wallet.chain} address of this environment`,
    );
  if (to_address === wallet.address)
    throw new DomainError('invalid_payload', 'to_address is the wallet itself');
  // parseInput answers `invalid_amount` for anything but a positive amount within the ceiling.
  const amount = Money.parseInput(wallet.asset, body.amount);
  return { to_address, amount: amount.toString(), idempotency_key };
}

/** Same key, same request: what a repeated idempotency key is compared on (D7). */
export function sameSend(request: SendRequest, send: SendRequest): boolean {
  return request.to_address === send.to_address && request.amount === send.amount;
}
