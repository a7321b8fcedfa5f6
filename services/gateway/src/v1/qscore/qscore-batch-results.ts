import type { FastifyReply } from 'fastify';
import {
  RISK_BATCH_COMMANDS,
  RISK_BATCH_ITEMS_PAGE_MAX,
  type RiskBatchItemResource,
} from '@platform/contracts';
import type { BusClient } from '@platform/messaging';
import { exportBody, type ExportReader } from '../../http';

const COLUMNS = [
  'country',
  'doc_id',
  'subject_type',
  'status',
  'score',
  'band',
  'report_id',
  'error',
] as const satisfies readonly (keyof RiskBatchItemResource)[];

/** Every item of the batch, read page by page (each page a bus message well under 1 MB). */
async function allItems(bus: BusClient, account_id: string, batch_id: string) {
  const items: RiskBatchItemResource[] = [];
  for (;;) {
    const page = await bus.send(RISK_BATCH_COMMANDS.list_items, {
      account_id,
      batch_id,
      limit: RISK_BATCH_ITEMS_PAGE_MAX,
      offset: items.length,
    });
    items.push(...page.items);
    if (page.items.length < RISK_BATCH_ITEMS_PAGE_MAX) return items;
  }
}

/** A file programs read back: the field names as headers in every language, and no dates. */
const PROGRAM_READER: ExportReader = { locale: 'en', timezone: 'UTC' };

/**
 * `results.csv`: one row per item, in row order (csv-stringify through the export helper). The
 * body, for a passthrough handler to return (see `exportBody`).
 */
export async function batchResultsBody(
  bus: BusClient,
  reply: FastifyReply,
  account_id: string,
  batch_id: string,
): Promise<Buffer> {
  const items = await allItems(bus, account_id, batch_id);
  return exportBody(reply, {
    format: 'csv',
    filename: `batch-${batch_id}-results`,
    columns: COLUMNS.map((key) => ({ key, header: key })),
    rows: items,
    reader: PROGRAM_READER,
  });
}
