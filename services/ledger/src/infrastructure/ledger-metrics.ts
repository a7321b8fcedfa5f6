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

/**
 * Appends that wrote transfers, and the transfers they wrote: their ratio is how many transfers
 * each append carries (the group commit). An append costs about as much for one transfer as for
 * many, so a ratio that falls under load means each transfer costs the ledger more.
 */
const transfer_appends_total = createCounter({
  name: 'ledger_transfer_appends_total',
  help: 'ledger appends that wrote transfers (one alone, or several written together)',
});
const transfers_appended_total = createCounter({
  name: 'ledger_transfers_appended_total',
  help: 'transfers the ledger wrote, counted once per append that carried them',
});

export function countTransfersAppended(transfers: number): void {
  transfer_appends_total.inc();
  transfers_appended_total.inc(transfers);
}
