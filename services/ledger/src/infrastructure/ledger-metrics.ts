import { createCounter } from '@platform/observability';
import type { ConflictSite } from '../application/ledger-commands';

/**
 * Appends that found a stream's head moved by another process of the ledger, by where: an
 * operator's sign that copies of the ledger are writing the same accounts (each conflict costs
 * a read of the stream and another append).
 */
const append_conflicts_total = createCounter<'site'>({
  name: 'ledger_append_conflicts_total',
  help: 'ledger appends that found the stream moved by another writer, by site: group (transfers written together) or operation',
  label_names: ['site'],
});

export function countAppendConflict(site: ConflictSite): void {
  append_conflicts_total.inc({ site });
}
