import type { Command } from 'commander';
import { DATABASE_URL_HELP, withEnvironmentPool } from './environment-database';

/**
 * `platform projections rebuild NAME [--swap]`: rebuilds the projection from zero in a scratch
 * transaction, prints how it differs from the live one, and replaces the live one only with
 * --swap. Exit status 1 for an unknown name, or for a difference left in place.
 */
export function registerProjectionsRebuild(program: Command, env: () => 'test' | 'live'): void {
  program
    .command('projections')
    .description('event-sourced projections (the ledger’s balances and movements)')
    .command('rebuild <name>')
    .description('rebuild a projection from zero and compare it with the live one')
    .option('--swap', 'replace the live projection with the rebuilt one', false)
    .option('--database-url <url>', DATABASE_URL_HELP)
    .action(async (name: string, o: { swap: boolean; databaseUrl?: string }) => {
      // The projections' code comes with the platform's: loaded only for this command.
      const { REBUILDABLE_PROJECTIONS, rebuildAndCompare } = await import('@platform/all-in-one');
      const projection = REBUILDABLE_PROJECTIONS.find((known) => known.name === name);
      if (!projection) {
        const known = REBUILDABLE_PROJECTIONS.map((known) => known.name).join(', ');
        throw new Error(`unknown projection ${name}: one of ${known}`);
      }
      const comparison = await withEnvironmentPool(env(), o.databaseUrl, (pool) =>
        rebuildAndCompare(pool, projection, { swap: o.swap }),
      );
      process.stdout.write(`${JSON.stringify(comparison, null, 2)}\n`);
      const differences = comparison.only_live.count + comparison.only_rebuilt.count;
      process.stderr.write(
        `${name}: ${comparison.replayed_events} events replayed, ${differences} rows differ` +
          `${comparison.swapped ? ', rebuilt projection swapped in' : ''}\n`,
      );
      if (differences > 0 && !comparison.swapped) process.exitCode = 1;
    });
}
