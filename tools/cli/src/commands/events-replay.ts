import { InvalidArgumentError, type Command } from 'commander';
import { createPool } from '@platform/persistence';
import { eventStoreSchemas, parseReplayTime, replayEvents } from '../replay';
import { defaultReplayDatabase } from '../replay-source';
import { DATABASE_URL_HELP } from './environment-database';

interface ReplayOptions {
  databaseUrl?: string;
  schema?: string;
  fromPosition: string;
  since?: Date;
  type?: string[];
  stream?: string;
  account?: string;
  progress: boolean;
}

/** `events replay`: stored events as NDJSON on stdout, from the event stores themselves. */
export function registerEventsReplay(events: Command, environment: () => 'test' | 'live'): void {
  events
    .command('replay')
    .description('write stored events as NDJSON to stdout')
    .option('--database-url <url>', DATABASE_URL_HELP)
    .option('--schema <schema>', 'one event store, e.g. identity_events (default: all)')
    .option('--from-position <n>', 'only events after this global position', position, '0')
    .option('--since <time>', 'only events at or after this ISO 8601 date or time', since)
    .option('--type <type...>', 'only these event types')
    .option('--stream <prefix>', 'only streams starting with this')
    .option('--account <id>', 'only this account')
    .option('--no-progress', 'no progress bar on stderr')
    .action(async (o: ReplayOptions) => {
      const url = o.databaseUrl ?? (await defaultReplayDatabase(process.env, environment()));
      const pool = createPool({ url, max_connections: 2 });
      try {
        const schemas = o.schema ? [o.schema] : await eventStoreSchemas(pool);
        for (const schema of schemas) {
          await replayEvents({
            pool,
            schema,
            out: process.stdout,
            progress: o.progress && process.stderr.isTTY === true,
            filter: {
              from_position: o.fromPosition,
              since: o.since,
              types: o.type,
              stream: o.stream,
              account_id: o.account,
            },
          });
        }
      } finally {
        await pool.end();
      }
    });
}

function since(text: string): Date {
  try {
    return parseReplayTime(text);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

function position(text: string): string {
  if (!/^\d{1,19}$/.test(text)) throw new InvalidArgumentError('a non-negative whole number');
  return text;
}
