import { DomainError } from '@platform/contracts';
import { Money } from '@platform/money';
import type { ChainObservation } from '../../application/chain-port';
import { parseAddress } from '../../domain/chains/addresses';
import {
  carries,
  isChain,
  type Chain,
  type ChainAsset,
  type Network,
} from '../../domain/chains/chain';
import { networkFee } from '../../domain/chains/fees';
import { parseTxId } from './tx-ids';

/** What an operator reports about one transfer they saw on chain, as they typed it. */
export interface ObservationReport {
  status: unknown;
  chain: unknown;
  asset: unknown;
  tx_id: unknown;
  from_address: unknown;
  to_address: unknown;
  amount: unknown;
  network_fee?: unknown;
  confirmations?: unknown;
}

export interface CheckedReport {
  status: ChainObservation['status'];
  chain: Chain;
  asset: ChainAsset;
  tx_id: string;
  from_address: string;
  to_address: string;
  amount: string;
  network_fee: string;
  confirmations: number | null;
}

const STATUSES = ['seen', 'confirmed', 'failed'] as const;
const FEE_PATTERN = /^\d{1,12}(\.\d{1,18})?$/;
const MAX_CONFIRMATIONS = 1_000_000;

/** Every field of an operator's report checked, in canonical form; a bad one is a DomainError. */
export function checkReport(report: ObservationReport, network: Network): CheckedReport {
  const chain = checkChain(report.chain);
  if (!carries(chain, report.asset))
    throw new DomainError('invalid_asset', `asset is not carried on ${chain}`);
  const status = STATUSES.find((known) => known === report.status);
  if (!status) throw new DomainError('invalid_status', 'status must be seen, confirmed or failed');
  return {
    status,
    chain,
    asset: report.asset,
    tx_id: checkTxId(chain, report.tx_id),
    from_address: checkAddress(chain, network, report.from_address, 'from_address'),
    to_address: checkAddress(chain, network, report.to_address, 'to_address'),
    amount: Money.parseInput(report.asset, report.amount).toString(),
    network_fee: checkFee(chain, report.network_fee),
    confirmations: checkConfirmations(report.confirmations),
  };
}

export function checkChain(chain: unknown): Chain {
  if (!isChain(chain)) throw new DomainError('unsupported_chain', 'chain must be tron, eth or btc');
  return chain;
}

export function checkTxId(chain: Chain, tx_id: unknown): string {
  const parsed = parseTxId(chain, tx_id);
  if (!parsed) throw new DomainError('invalid_payload', `tx_id is not a ${chain} transaction id`);
  return parsed;
}

function checkAddress(chain: Chain, network: Network, text: unknown, field: string): string {
  const address = typeof text === 'string' ? parseAddress(chain, network, text) : null;
  if (!address) throw new DomainError('invalid_payload', `${field} is not a ${chain} address`);
  return address;
}

function checkFee(chain: Chain, fee: unknown): string {
  if (fee === undefined || fee === null) return networkFee(chain).amount;
  if (typeof fee !== 'string' || !FEE_PATTERN.test(fee))
    throw new DomainError('invalid_amount', 'network_fee must be a decimal in the native coin');
  return fee;
}

function checkConfirmations(confirmations: unknown): number | null {
  if (confirmations === undefined || confirmations === null) return null;
  if (
    typeof confirmations !== 'number' ||
    !Number.isInteger(confirmations) ||
    confirmations < 0 ||
    confirmations > MAX_CONFIRMATIONS
  )
    throw new DomainError('invalid_payload', 'confirmations must be a whole number');
  return confirmations;
}
