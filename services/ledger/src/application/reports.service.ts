import type { Pool } from 'pg';
import {
  FILTER_DATE_MIN,
  LEDGER_EXPORT_ROW_LIMIT,
  parseFilterDate,
  type GetBalanceHistoryCommand,
  type GetStatementCommand,
  type QueryMovementsCommand,
} from '@platform/contracts';
import { ASSET_CODES, ASSETS, Money, isAsset, type Asset } from '@platform/money';
import { withSnapshot } from '@platform/persistence';
import { requireRange, totalUsdOf, type RateTable } from '../domain';
import { readMovements, type MovementView } from '../infrastructure/movements-projection';
import {
  dailyChanges,
  localDates,
  openingBalances,
  rangeInstants,
  totalsByKind,
  type LocalRange,
} from '../infrastructure/public/reports.queries';
import {
  bankingDailyChanges,
  bankingOpening,
} from '../infrastructure/public/banking-series.queries';
import type { OrgDirectory } from './org-directory';

/** Days a history or statement covers by default (ending today), and at most. */
const DEFAULT_DAYS = 30;
const MAX_DAYS = 366;
/** Banking balances (USD and EUR accounts) are charted beside the ledger, outside total_usd. */
const BANKING_SERIES = ['BANK_USD', 'BANK_EUR'] as const;
const BANKING_CURRENCY = { BANK_USD: 'USD', BANK_EUR: 'EUR' } as const;

export interface HistoryDay {
  date: string;
  balances: Record<string, string>;
  total_usd: string;
}

export interface BalanceHistory {
  timezone: string;
  from: string;
  to: string;
  assets: { asset: string; decimals: number; in_total_usd: boolean }[];
  days: HistoryDay[];
}

export interface Statement {
  account_id: string;
  timezone: string;
  /** For the document's language (spec §1 order): the account's and the organization's. */
  account_locale: string | null;
  org_locale: string;
  from: string;
  to: string;
  balances: { asset: Asset; decimals: number; opening: string; closing: string }[];
  totals_by_kind: { kind: string; asset: string; credits: string; debits: string; count: number }[];
}

/** History, movements and statements over the movements projection, in the org's timezone. */
export class ReportsService {
  constructor(
    private readonly pool: Pool,
    private readonly directory: OrgDirectory,
    private readonly rates: RateTable,
  ) {}

  async history(command: GetBalanceHistoryCommand): Promise<BalanceHistory> {
    const range = await this.range(command);
    // One snapshot: a movement projected between two reads would leave the days short of it.
    const [opening, changes, banking_opening, banking_changes] = await withSnapshot(
      this.pool,
      async (client) =>
        [
          await openingBalances(client, range),
          await dailyChanges(client, range),
          await bankingOpening(client, range),
          await bankingDailyChanges(client, range),
        ] as const,
    );
    const running = new Map<Asset, Money<Asset>>(
      ASSET_CODES.map((asset) => [asset, Money.parseSigned(asset, opening.get(asset) ?? '0')]),
    );
    // The daily closing balance of each bank account currency, in the org's timezone.
    const banking = new Map(
      BANKING_SERIES.map((series) => {
        const currency = BANKING_CURRENCY[series];
        return [series, Money.parseSigned(currency, banking_opening.get(currency) ?? '0')];
      }),
    );
    const days: HistoryDay[] = [];
    for (const date of datesBetween(range.from, range.to)) {
      for (const change of changes.filter((row) => row.date === date)) {
        if (!isAsset(change.asset)) continue;
        const before = running.get(change.asset) ?? Money.zero(change.asset);
        running.set(change.asset, before.add(Money.parseSigned(change.asset, change.change)));
      }
      const balances: Record<string, string> = {};
      for (const asset of ASSET_CODES)
        balances[asset] = (running.get(asset) ?? Money.zero(asset)).toString();
      for (const series of BANKING_SERIES) {
        const currency = BANKING_CURRENCY[series];
        for (const change of banking_changes)
          if (change.date === date && change.asset === currency)
            banking.set(
              series,
              banking.get(series)!.add(Money.parseSigned(currency, change.change)),
            );
        balances[series] = banking.get(series)!.toString();
      }
      days.push({
        date,
        balances,
        total_usd: totalUsdOf([...running.values()], this.rates).toString(),
      });
    }
    return {
      timezone: range.timezone,
      from: range.from,
      to: range.to,
      assets: [
        ...ASSET_CODES.map((asset) => ({
          asset,
          decimals: ASSETS[asset].decimals,
          in_total_usd: true,
        })),
        ...BANKING_SERIES.map((asset) => ({ asset, decimals: 2, in_total_usd: false })),
      ],
      days,
    };
  }

  async movements(command: QueryMovementsCommand): Promise<{
    page: number;
    page_size: number;
    movements: Omit<MovementView, 'account_id'>[];
  }> {
    const from = parseFilterDate('from', command.from);
    const to = parseFilterDate('to', command.to);
    if (from && to) requireRange(from, to, Number.MAX_SAFE_INTEGER);
    const timezone = await this.directory.timezoneOf(command.org_id);
    const instants = await rangeInstants(this.pool, timezone, from, to);
    const page = command.export ? 1 : command.page;
    const page_size = command.export ? LEDGER_EXPORT_ROW_LIMIT + 1 : command.page_size;
    const rows = await readMovements(this.pool, {
      account_id: command.account_id,
      ...instants,
      page,
      page_size,
      ...(command.export || command.limit === undefined ? {} : { limit: command.limit }),
    });
    return {
      page,
      page_size: command.page_size,
      movements: rows.map(({ account_id: _account_id, ...row }) => row),
    };
  }

  async statement(command: GetStatementCommand): Promise<Statement> {
    const settings = await this.directory.orgSettings(command.org_id, command.account_id);
    const range = await this.range(command, settings.timezone);
    // One snapshot, so that the closing balances and the totals by kind count the same movements.
    const [opening, changes, totals] = await withSnapshot(
      this.pool,
      async (client) =>
        [
          await openingBalances(client, range),
          await dailyChanges(client, range),
          await totalsByKind(client, range),
        ] as const,
    );
    const balances = ASSET_CODES.map((asset) => {
      const open = Money.parseSigned(asset, opening.get(asset) ?? '0');
      const close = changes
        .filter((row) => row.asset === asset)
        .reduce((sum, row) => sum.add(Money.parseSigned(asset, row.change)), open);
      return {
        asset,
        decimals: ASSETS[asset].decimals,
        opening: open.toString(),
        closing: close.toString(),
      };
    });
    return {
      account_id: command.account_id,
      timezone: range.timezone,
      account_locale: settings.account_locale,
      org_locale: settings.locale,
      from: range.from,
      to: range.to,
      balances,
      totals_by_kind: totals.flatMap((row) =>
        isAsset(row.asset)
          ? [
              {
                ...row,
                credits: Money.parseSigned(row.asset, row.credits).toString(),
                debits: Money.parseSigned(row.asset, row.debits).toString(),
              },
            ]
          : [],
      ),
    };
  }

  /** The local dates asked for, defaulting to the last 30 days ending today. */
  private async range(
    command: { account_id: string; org_id: string; from?: string; to?: string },
    known_timezone?: string,
  ): Promise<LocalRange> {
    const timezone = known_timezone ?? (await this.directory.timezoneOf(command.org_id));
    const defaults = await localDates(this.pool, timezone, DEFAULT_DAYS - 1);
    const to = parseFilterDate('to', command.to) ?? defaults.today;
    const from = parseFilterDate('from', command.from) ?? daysBefore(to, DEFAULT_DAYS - 1);
    requireRange(from, to, MAX_DAYS);
    return { account_id: command.account_id, timezone, from, to };
  }
}

/** The date `days` before `date`, never before the first date a filter knows. */
function daysBefore(date: string, days: number): string {
  const earlier = new Date(Date.parse(date) - days * 86_400_000).toISOString().slice(0, 10);
  return earlier < FILTER_DATE_MIN ? FILTER_DATE_MIN : earlier;
}

function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let at = Date.parse(from); at <= Date.parse(to); at += 86_400_000) {
    dates.push(new Date(at).toISOString().slice(0, 10));
  }
  return dates;
}
