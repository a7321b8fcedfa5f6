import {
  DomainError,
  type ListRiskBatchItemsCommand,
  type RiskBatchResource,
} from '@platform/contracts';
import {
  batchResource,
  type BatchesRepository,
} from '../../infrastructure/batches/batches.repository';

/** What an account reads of its batches; another account's batch is `not_found` (BOLA). */
export class BatchQueries {
  constructor(private readonly batches: BatchesRepository) {}

  async get(account_id: string, batch_id: string): Promise<RiskBatchResource> {
    const batch = await this.batches.get(account_id, batch_id);
    if (!batch) throw new DomainError('not_found', 'no such batch');
    return batchResource(batch);
  }

  async list(account_id: string, limit: number, offset: number) {
    const batches = await this.batches.list(account_id, limit, offset);
    return { batches: batches.map(batchResource) };
  }

  async items(command: ListRiskBatchItemsCommand) {
    await this.get(command.account_id, command.batch_id);
    return { items: await this.batches.items.page(command.batch_id, command) };
  }
}
