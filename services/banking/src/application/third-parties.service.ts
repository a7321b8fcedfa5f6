import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { DomainError } from '@platform/contracts';
import { withTransaction } from '@platform/persistence';
import { requireCustomer } from '../domain/customer';
import { bankRefOf, parseThirdParty, type ThirdPartyInput } from '../domain/third-party';
import type { CustomerStore } from '../infrastructure/customers.repository';
import type { StoredThirdParty, ThirdPartyStore } from '../infrastructure/third-parties.repository';

/**
 * Beneficiaries of bank payments. The sandbox bank reviews a beneficiary at once, so a new one
 * is `approved` (201). Registering the same coordinates under the same name answers the
 * existing beneficiary; under another name it is 409 `bank_ref_conflict`.
 */
export class ThirdPartiesService {
  constructor(
    private readonly pool: Pool,
    private readonly customers: CustomerStore,
    private readonly third_parties: ThirdPartyStore,
  ) {}

  async create(account_id: string, input: ThirdPartyInput): Promise<StoredThirdParty> {
    requireCustomer(await this.customers.byAccount(account_id));
    const { name, coordinates } = parseThirdParty(input);
    const bank_ref = bankRefOf(coordinates);
    const inserted = await withTransaction(this.pool, (client) =>
      this.third_parties.insert(
        client,
        { third_party_id: randomUUID(), account_id, name, bank_ref },
        coordinates,
      ),
    );
    if (inserted) return inserted;
    const existing = await this.third_parties.byBankRef(account_id, bank_ref);
    if (!existing) throw new Error('a third party conflicted on its bank reference and vanished');
    if (existing.name !== name)
      throw new DomainError(
        'bank_ref_conflict',
        'the account has another third party with these bank details',
      );
    return existing;
  }

  async list(account_id: string, limit: number, offset: number): Promise<StoredThirdParty[]> {
    requireCustomer(await this.customers.byAccount(account_id));
    return this.third_parties.list(account_id, limit, offset);
  }
}
