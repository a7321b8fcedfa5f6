import {
  isPublicEventType,
  projectPublicEvent,
  PUBLIC_EVENT_TYPES,
  redactForAccount,
  type PublicEventType,
} from '@platform/contracts';

/** A public event as `events tail` shows it: the public envelope and the account it belongs to. */
export interface TailedPublicEvent {
  /** The id of the domain event it comes of (notifications gives the stored copy an id of its own). */
  id: string;
  type: PublicEventType;
  created_at: string;
  livemode: boolean;
  account_id: string;
  data: Record<string, unknown>;
}

/** Which public events to print: null lets every account, or every type, through. */
export interface PublicTailFilter {
  account_ids: ReadonlySet<string> | null;
  types: ReadonlySet<PublicEventType> | null;
}

interface BusEnvelope {
  event_id?: unknown;
  type?: unknown;
  occurred_at?: unknown;
  environment?: unknown;
  account_id?: unknown;
  data?: unknown;
}

/**
 * The public events of one line of the gateway's bus tail (`{topic, key, payload}`), by the same
 * projection notifications applies: none for an internal-only event or one of no account.
 */
export function publicEventsOf(line: string): TailedPublicEvent[] {
  const envelope = parseEnvelope(line);
  if (!envelope || typeof envelope.type !== 'string') return [];
  const projected = projectPublicEvent(envelope.type, envelope.data);
  const { account_id, event_id, occurred_at } = envelope;
  if (!projected || typeof account_id !== 'string') return [];
  return [
    {
      id: String(event_id),
      type: projected.type,
      created_at: String(occurred_at),
      livemode: envelope.environment === 'live',
      account_id,
      data: redactForAccount(projected.data),
    },
  ];
}

function parseEnvelope(line: string): BusEnvelope | null {
  try {
    const message = JSON.parse(line) as { payload?: unknown };
    return typeof message.payload === 'object' && message.payload !== null
      ? (message.payload as BusEnvelope)
      : null;
  } catch {
    return null;
  }
}

export function matchesFilter(event: TailedPublicEvent, filter: PublicTailFilter): boolean {
  return (
    (!filter.account_ids || filter.account_ids.has(event.account_id)) &&
    (!filter.types || filter.types.has(event.type))
  );
}

/** `--account a --account b,c` as one list: repeated, comma-separated, or both. */
export function listOption(values: readonly string[] | undefined): string[] | null {
  if (!values) return null;
  return values.flatMap((value) => value.split(',').map((item) => item.trim())).filter(Boolean);
}

/** The public types asked for, or the message that names the unknown ones and the valid ones. */
export function parsePublicTypes(
  values: readonly string[],
): { types: Set<PublicEventType> } | { error: string } {
  const unknown = values.filter((value) => !isPublicEventType(value));
  if (unknown.length > 0)
    return {
      error: `unknown public event type: ${unknown.join(', ')}; valid types: ${[...new Set(PUBLIC_EVENT_TYPES)].join(', ')}`,
    };
  return { types: new Set(values.filter(isPublicEventType)) };
}

/** The fields a summary shows after the ids, in this order, when `data` has them. */
const SUMMARY_FIELDS = [
  'status',
  'kyc_status',
  'amount',
  'local_amount',
  'usdt_amount',
  'amount_usdt',
  'usdt_credited',
  'usdt_net',
  'fiat_credited',
  'debited_amount',
  'amount_raw',
  'asset',
  'currency',
  'chain',
] as const;

/**
 * A short `key=value` summary of a public event's data: its ids (the account's own excepted, the
 * line shows it), then status, amounts and asset. Values print as they came (amounts stay strings).
 */
export function summaryOf(data: Record<string, unknown>): string {
  const ids = Object.keys(data).filter((key) => key.endsWith('_id') && key !== 'account_id');
  return [...ids, ...SUMMARY_FIELDS]
    .filter((key) => isPrintable(data[key]))
    .map((key) => `${key}=${String(data[key])}`)
    .join(' ');
}

function isPrintable(value: unknown): value is string | number | boolean {
  return (
    (typeof value === 'string' && value !== '') ||
    typeof value === 'number' ||
    typeof value === 'boolean'
  );
}

/** One readable line: local time, public type, account, summary. */
export function prettyLine(event: TailedPublicEvent, time_zone?: string): string {
  return [
    localTime(event.created_at, time_zone),
    event.type,
    event.account_id,
    summaryOf(event.data),
  ]
    .filter(Boolean)
    .join('  ');
}

/** `YYYY-MM-DD HH:mm:ss` in `time_zone` (the machine's own by default). */
export function localTime(iso: string, time_zone?: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: time_zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

/** The line `--format json` prints: the public envelope with its account. */
export function jsonLine(event: TailedPublicEvent): string {
  const { id, type, created_at, livemode, account_id, data } = event;
  return JSON.stringify({ id, type, created_at, livemode, account_id, data });
}
