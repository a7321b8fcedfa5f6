import { type CreateSwapCommand, DomainError, IdempotencyKey } from '@platform/contracts';
import { Money, isAsset, type Asset } from '@platform/money';
import {
  quoteSwap,
  requireBtcPriceConfirmed,
  requireSwapPair,
  type RateTable,
  type SwapQuote,
} from '../domain';
import type { IdempotencyRepository } from '../infrastructure/public/idempotency.repository';
import {
  crossRate,
  type RecordsRepository,
  type SwapRecord,
} from '../infrastructure/public/records.repository';
import { readSecondBtcPrice } from '../infrastructure/public/second-btc-price';
import type { LedgerSettings } from '../ledger.settings';
import type { LedgerCommands, OperationReply } from './ledger-commands';

/** `POST /v1/swaps`: checks, the BTC price guard, the ledger swap, the public record. */
export class SwapsService {
  constructor(
    private readonly commands: LedgerCommands,
    private readonly records: RecordsRepository,
    private readonly idempotency: IdempotencyRepository,
    private readonly rates: RateTable,
    private readonly config: LedgerSettings,
  ) {}

  async create(command: CreateSwapCommand): Promise<SwapRecord> {
    const from_asset = knownAsset(command.from_asset);
    const to_asset = knownAsset(command.to_asset);
    requireSwapPair(from_asset, to_asset);
    for (const asset of [from_asset, to_asset]) {
      if (this.config.SWAP_DISABLED_ASSETS.includes(asset)) {
        throw new DomainError('swap_asset_disabled', `${asset} swaps are not available`);
      }
    }
    const amount = Money.parseInput(from_asset, command.amount);
    const idempotency_key = IdempotencyKey.parse(command.idempotency_key) ?? undefined;
    const fingerprint = [from_asset, to_asset, amount.toString()].join('|');
    return this.idempotency.run(
      { account_id: command.account_id, scope: 'swap', idempotency_key },
      fingerprint,
      (swap_id) => this.execute(command.account_id, swap_id, amount, to_asset, idempotency_key),
    );
  }

  private async execute(
    account_id: string,
    swap_id: string,
    amount: Money<Asset>,
    to_asset: Asset,
    idempotency_key: string | undefined,
  ): Promise<SwapRecord> {
    const quote = quoteSwap(amount, to_asset, this.rates);
    const { BTC_GUARD_THRESHOLD_USD, BTC_GUARD_TOLERANCE_PERCENT, BTC_GUARD_PRICE_FILE } =
      this.config;
    requireBtcPriceConfirmed(
      quote,
      { threshold_usd: BTC_GUARD_THRESHOLD_USD, tolerance_percent: BTC_GUARD_TOLERANCE_PERCENT },
      () => readSecondBtcPrice(BTC_GUARD_PRICE_FILE ?? null),
    );
    const created_at = new Date().toISOString();
    let record: SwapRecord | undefined;
    // The public row commits with the ledger's events: a crash cannot leave one alone.
    await this.commands.swap(
      {
        account_id,
        operation_id: swap_id,
        from_asset: amount.asset,
        to_asset,
        amount: amount.toString(),
        reference_id: swap_id,
      },
      null,
      async (client, reply) => {
        record = recordOf(reply, { swap_id, account_id, to_asset, quote, created_at });
        if (idempotency_key !== undefined) record.idempotency_key = idempotency_key;
        await this.records.insertSwap(record, client);
      },
    );
    if (!record) throw new Error(`swap ${swap_id} wrote no record`);
    return (await this.records.swap(account_id, swap_id)) ?? record;
  }

  async get(account_id: string, swap_id: string): Promise<SwapRecord> {
    const swap = await this.records.swap(account_id, swap_id);
    if (!swap) throw new DomainError('not_found', 'swap not found');
    return swap;
  }
}

function knownAsset(code: string): Asset {
  if (!isAsset(code)) throw new DomainError('invalid_asset', `unknown asset ${code}`);
  return code;
}

/** The public record of a swap the ledger applied: the amounts its two legs moved. */
function recordOf(
  reply: OperationReply,
  swap: {
    swap_id: string;
    account_id: string;
    to_asset: Asset;
    quote: SwapQuote;
    created_at: string;
  },
): SwapRecord {
  const from_leg = reply.movements.find((moved) => moved.leg === 'from');
  const to_leg = reply.movements.find((moved) => moved.leg === 'to');
  if (!from_leg || !to_leg) throw new Error(`swap ${swap.swap_id} replied without both legs`);
  const { quote } = swap;
  return {
    swap_id: swap.swap_id,
    account_id: swap.account_id,
    status: 'completed',
    from_asset: quote.from_amount.asset,
    to_asset: swap.to_asset,
    from_amount: from_leg.amount,
    to_amount: to_leg.amount,
    rate: crossRate(quote.from_usd_per_unit, quote.to_usd_per_unit),
    from_usd_per_unit: quote.from_usd_per_unit,
    to_usd_per_unit: quote.to_usd_per_unit,
    usd_value: quote.usd_value.toString(),
    created_at: swap.created_at,
  };
}
