import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { DomainError, IdempotencyKey } from '@platform/contracts';
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

  async create(
    account_id: string,
    input: ThirdPartyInput,
    raw_key: string | null,
  ): Promise<StoredThirdParty> {
    const idempotency_key = IdempotencyKey.parse(raw_key);
    requireCustomer(await this.customers.byAccount(account_id));
    const { name, coordinates } = parseThirdParty(input);
    const bank_ref = bankRefOf(coordinates);
    const same = (row: StoredThirdParty) => row.name === name && row.bank_ref === bank_ref;
    const earlier = idempotency_key
      ? await this.third_parties.byKey(account_id, idempotency_key)
      : null;
    if (earlier) return sameRequest(earlier, same);
    const inserted = await withTransaction(this.pool, (client) =>
      this.third_parties.insert(
        client,
        { third_party_id: randomUUID(), account_id, name, bank_ref, idempotency_key },
        coordinates,
      ),
    );
    if (inserted) return inserted;
    // A concurrent request under the key, or a beneficiary with these bank details, came first.
    const by_key = idempotency_key
      ? await this.third_parties.byKey(account_id, idempotency_key)
      : null;
    if (by_key) return sameRequest(by_key, same);
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

function sameRequest(
  earlier: StoredThirdParty,
  same: (row: StoredThirdParty) => boolean,
): StoredThirdParty {
  if (!same(earlier))
    throw new DomainError(
      'idempotency_conflict',
      'this idempotency_key was used for another third party',
    );
  return earlier;
}
