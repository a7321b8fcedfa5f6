import { InvalidArgumentError, Option, type Command } from 'commander';
import { Agent, fetch } from 'undici';
import type { AdminTarget } from '../admin-client';
import {
  jsonLine,
  listOption,
  matchesFilter,
  parsePublicTypes,
  prettyLine,
  publicEventsOf,
  type PublicTailFilter,
  type TailedPublicEvent,
} from '../public-tail';

const RECONNECT_BACKOFF_MS = { initial: 1_000, max: 30_000 };

/** Refusals that another attempt cannot cure: a wrong token, a bad topic list. */
class TailRefused extends Error {}

interface TailOptions {
  topic?: string[];
  idleTimeout: number;
  raw?: boolean;
  format: 'pretty' | 'json';
  account?: string[];
  type?: string[];
}

/**
 * `events tail`: the live bus through the gateway's `/admin/v1/bus/tail`, each domain event
 * projected into the public events it makes (as webhooks and the event stream carry them), one
 * readable line each (`--format json`: one envelope each), filtered by `--account` and `--type`;
 * `--raw` prints the internal domain events as NDJSON instead. The gateway sends a heartbeat line
 * while the bus is quiet; a connection silent for longer than `--idle-timeout` is taken as dead.
 * A dropped or dead connection is opened again, with a backoff, and stderr says so: the tail is
 * live, so what the bus carried in between is not shown.
 */
export function registerEventsTail(events: Command, target: () => AdminTarget): void {
  events
    .command('tail')
    .description(
      'print public events as they happen, one line each (--raw: the internal domain events as NDJSON)',
    )
    .option('--topic <topic...>', "topics (default: every service's events.<service>)")
    .option(
      '--idle-timeout <seconds>',
      'reconnect when nothing, not even a heartbeat, came for this long',
      positiveSeconds,
      60,
    )
    .addOption(
      new Option('--format <format>', 'pretty: one readable line; json: one public envelope')
        .choices(['pretty', 'json'])
        .default('pretty'),
    )
    .option('--account <id...>', 'only these accounts (repeatable or a comma list)')
    .option('--type <type...>', 'only these public event types (repeatable or a comma list)')
    .addOption(
      new Option('--raw', 'the internal domain events as NDJSON, unprojected').conflicts([
        'format',
        'account',
        'type',
      ]),
    )
    .action(async (o: TailOptions, command: Command) => {
      const print = o.raw ? printRaw : publicPrinter(o, command);
      const query = o.topic
        ? `?${new URLSearchParams({ topics: o.topic.join(',') }).toString()}`
        : '';
      const dispatcher = new Agent({ bodyTimeout: o.idleTimeout * 1000 });
      for (let failures = 0; ;) {
        const received = await tailOnce(target(), query, dispatcher, print).catch(
          (error: unknown) => {
            if (error instanceof TailRefused) throw error;
            process.stderr.write(`tail interrupted: ${reasonOf(error)}\n`);
            return false;
          },
        );
        failures = received ? 1 : failures + 1;
        const delay_ms = Math.min(
          RECONNECT_BACKOFF_MS.max,
          RECONNECT_BACKOFF_MS.initial * 2 ** (failures - 1),
        );
        process.stderr.write(`reconnecting in ${delay_ms / 1000} s\n`);
        await new Promise((resolve) => setTimeout(resolve, delay_ms));
      }
    });
}

const printRaw = (line: string) => process.stdout.write(`${line}\n`);

/** Prints the public events of each line that pass the filters; exits 2 on an unknown `--type`. */
function publicPrinter(o: TailOptions, command: Command): (line: string) => void {
  const types = listOption(o.type);
  const parsed = types ? parsePublicTypes(types) : null;
  if (parsed && 'error' in parsed) command.error(parsed.error, { exitCode: 2 });
  const account_ids = listOption(o.account);
  const filter: PublicTailFilter = {
    account_ids: account_ids ? new Set(account_ids) : null,
    types: parsed && 'types' in parsed ? parsed.types : null,
  };
  const format = o.format === 'json' ? jsonLine : (event: TailedPublicEvent) => prettyLine(event);
  return (line) => {
    for (const event of publicEventsOf(line))
      if (matchesFilter(event, filter)) process.stdout.write(`${format(event)}\n`);
  };
}

/** One connection, until it ends: whether it got as far as tailing. */
async function tailOnce(
  target: AdminTarget,
  query: string,
  dispatcher: Agent,
  print: (line: string) => void,
): Promise<boolean> {
  const response = await fetch(`${target.base_url}/admin/v1/bus/tail${query}`, {
    headers: { authorization: `Bearer ${target.token}` },
    dispatcher,
  });
  if (response.status === 400 || response.status === 401 || response.status === 403)
    throw new TailRefused(`tail refused: ${response.status}`);
  if (!response.ok || !response.body) throw new Error(`the gateway answered ${response.status}`);
  const decoder = new TextDecoder();
  let pending = '';
  let tailing = false;
  for await (const chunk of response.body) {
    pending += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (line.startsWith('{"heartbeat"')) continue;
      if (line.startsWith('{"tailing"')) {
        tailing = true;
        process.stderr.write(`tailing ${line}\n`);
      } else print(line);
    }
  }
  process.stderr.write('tail interrupted: the gateway closed the stream\n');
  return tailing;
}

function positiveSeconds(text: string): number {
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new InvalidArgumentError('a positive number of seconds');
  return seconds;
}

function reasonOf(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  const message = error instanceof Error ? error.message : String(error);
  return cause instanceof Error ? `${message} (${cause.message})` : message;
}
