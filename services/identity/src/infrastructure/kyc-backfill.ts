import type { PoolClient } from 'pg';
import type { VerifiedIdentity } from '@platform/contracts';
import { backfilledIdentity, type DeclaredIdentity } from '../domain/kyc-backfill';

/**
 * On KYC approval, in the approving transaction: `display_name`, `tax_id` and `country` take
 * the verified identity's values (spec §2); `PATCH /v1/me` then keeps them (`identity_locked`).
 * `verified` is what compliance verified (names, document id, country); without it (the sandbox's
 * approval at confirm), the identity the account declared.
 */
export async function backfillVerifiedIdentity(
  client: PoolClient,
  account_id: string,
  verified: VerifiedIdentity | null = null,
): Promise<void> {
  const { rows } = await client.query<DeclaredIdentity>(
    `select type, display_name, tax_id, country, profile from accounts where id = $1 for update`,
    [account_id],
  );
  const declared = rows[0];
  if (!declared) return;
  const fields = backfilledIdentity(verified ? asDeclared(declared, verified) : declared);
  await client.query(
    'update accounts set display_name = $2, tax_id = $3, country = $4 where id = $1',
    [account_id, fields.display_name, fields.tax_id, fields.country],
  );
}

/** The verified identity in the shape the back-fill reads: its names, document and country win. */
function asDeclared(declared: DeclaredIdentity, verified: VerifiedIdentity): DeclaredIdentity {
  return {
    ...declared,
    tax_id: verified.doc_id,
    country: verified.country,
    profile: {
      first_name: verified.first_name,
      last_name: verified.last_name,
      legal_name: verified.legal_name,
    },
  };
}
