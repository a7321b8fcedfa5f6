import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { Agent, fetch } from 'undici';
import type { AdminTarget } from '../admin-client';

const RECONNECT_BACKOFF_MS = { initial: 1_000, max: 30_000 };

/** Refusals that another attempt cannot cure: a wrong token, a bad topic list. */
class TailRefused extends Error {}

/**
 * `events tail`: the live bus as NDJSON on stdout, through the gateway's `/admin/v1/bus/tail`.
 * The gateway sends a heartbeat line while the bus is quiet; a connection silent for longer than
 * `--idle-timeout` is taken as dead. A dropped or dead connection is opened again, with a backoff,
 * and stderr says so: the tail is live, so what the bus carried in between is not shown.
 */
export function registerEventsTail(events: Command, target: () => AdminTarget): void {
  events
    .command('tail')
    .description(
      'print domain events as they cross the bus, as NDJSON (either runtime, through the gateway)',
    )
    .option('--topic <topic...>', "topics (default: every service's events.<service>)")
    .option(
      '--idle-timeout <seconds>',
      'reconnect when nothing, not even a heartbeat, came for this long',
      positiveSeconds,
      60,
    )
    .action(async (o: { topic?: string[]; idleTimeout: number }) => {
      const query = o.topic
        ? `?${new URLSearchParams({ topics: o.topic.join(',') }).toString()}`
        : '';
      const dispatcher = new Agent({ bodyTimeout: o.idleTimeout * 1000 });
      for (let failures = 0; ;) {
        const received = await tailOnce(target(), query, dispatcher).catch((error: unknown) => {
          if (error instanceof TailRefused) throw error;
          process.stderr.write(`tail interrupted: ${reasonOf(error)}\n`);
          return false;
        });
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

/** One connection, until it ends: whether it got as far as tailing. */
async function tailOnce(target: AdminTarget, query: string, dispatcher: Agent): Promise<boolean> {
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
      } else process.stdout.write(`${line}\n`);
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
