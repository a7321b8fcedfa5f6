import { DomainError, type WalletType } from '@platform/contracts';
import { Money } from '@platform/money';
import { parseAddress } from '../chains/addresses';
import { carries, isChain, type Chain, type ChainAsset, type Network } from '../chains/chain';
import { withdrawalFee } from './fees';

/** A withdrawal request as the client sent it (fields of `POST /v1/crypto/withdrawals`). */
export interface WithdrawalRequestInput {
  chain: string;
  asset: string;
  amount: string;
  to_address?: string;
  travel_address?: string;
  wallet_type?: string;
  beneficiary_name?: string;
}

/** A request that passed every check of its own fields: canonical address, parsed amounts. */
export interface WithdrawalDraft {
  chain: Chain;
  asset: ChainAsset;
  amount: Money;
  fee: Money;
  to_address: string;
  wallet_type: WalletType;
  travel_address: string | null;
  beneficiary_name: string | null;
}

const MAX_NAME_LENGTH = 200;
const MAX_TRAVEL_ADDRESS_LENGTH = 200;

/** Empty and whitespace-only optional texts count as absent. */
function optionalText(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

function chainOf(text: string): Chain {
  if (!isChain(text)) {
    throw new DomainError('unsupported_chain', 'chain must be one of tron, eth, btc');
  }
  return text;
}

function assetOf(chain: Chain, text: string): ChainAsset {
  if (!carries(chain, text)) {
    throw new DomainError('invalid_asset', `asset ${text} is not withdrawn on ${chain}`);
  }
  return text;
}

function addressOf(chain: Chain, network: Network, text: string | undefined): string {
  if (text === undefined || text.trim() === '') {
    throw new DomainError('to_address_required', 'to_address is required');
  }
  const address = parseAddress(chain, network, text);
  if (address === null) {
    throw new DomainError('invalid_payload', `to_address is not a valid ${chain} address here`);
  }
  return address;
}

function walletTypeOf(text: string | undefined): WalletType {
  if (text === undefined || text === '' || text === 'hosted') return 'hosted';
  if (text === 'self_hosted') return 'self_hosted';
  throw new DomainError('invalid_request', 'wallet_type must be self_hosted or hosted');
}

/**
 * Checks a request's own fields in the order a client fixes them: chain, asset, amount
 * (`invalid_amount` for zero, negatives, exponents, more decimals than the asset has, more than
 * 15 integer digits), destination (`invalid_payload` for an address not of its chain and
 * network), then the Travel Rule fields' shape.
 */
export function draftWithdrawal(input: WithdrawalRequestInput, network: Network): WithdrawalDraft {
  const chain = chainOf(input.chain);
  const asset = assetOf(chain, input.asset);
  const amount = Money.parseInput(asset, input.amount);
  const to_address = addressOf(chain, network, input.to_address);
  const beneficiary_name = optionalText(input.beneficiary_name);
  if (beneficiary_name !== null && beneficiary_name.length > MAX_NAME_LENGTH) {
    throw new DomainError(
      'invalid_name',
      `beneficiary_name is at most ${MAX_NAME_LENGTH} characters`,
    );
  }
  const travel_address = optionalText(input.travel_address);
  if (travel_address !== null && travel_address.length > MAX_TRAVEL_ADDRESS_LENGTH) {
    throw new DomainError(
      'invalid_request',
      `travel_address is at most ${MAX_TRAVEL_ADDRESS_LENGTH} characters`,
    );
  }
  return {
    chain,
    asset,
    amount,
    fee: withdrawalFee(chain, asset),
    to_address,
    wallet_type: walletTypeOf(input.wallet_type),
    travel_address,
    beneficiary_name,
  };
}

/**
 * The request's identity for idempotency (D7): equal for equivalent requests (`50.0` and `50.00`,
 * an address in another letter case), different for anything that changes the withdrawal.
 */
export function draftFingerprint(draft: WithdrawalDraft): string {
  return JSON.stringify([
    draft.chain,
    draft.asset,
    draft.amount.toString(),
    draft.to_address,
    draft.wallet_type,
    draft.travel_address,
    draft.beneficiary_name,
  ]);
}

/** A withdrawal's amount and fee together: what the account's balance must cover. */
export function totalDebit(draft: Pick<WithdrawalDraft, 'amount' | 'fee'>): Money {
  return draft.amount.add(draft.fee);
}
