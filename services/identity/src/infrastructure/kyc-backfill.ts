import type { PoolClient } from 'pg';
import { backfilledIdentity, type DeclaredIdentity } from '../domain/kyc-backfill';

/**
 * On KYC approval, in the approving transaction: `display_name`, `tax_id` and `country` take
 * the verified identity's values (spec §2); `PATCH /v1/me` then keeps them (`identity_locked`).
 */
export async function backfillVerifiedIdentity(
  client: PoolClient,
  account_id: string,
): Promise<void> {
  const { rows } = await client.query<DeclaredIdentity>(
    `select type, display_name, tax_id, country, profile from accounts where id = $1 for update`,
    [account_id],
  );
  const declared = rows[0];
  if (!declared) return;
  const verified = backfilledIdentity(declared);
  await client.query(
    'update accounts set display_name = $2, tax_id = $3, country = $4 where id = $1',
    [account_id, verified.display_name, verified.tax_id, verified.country],
  );
}
