import { z } from 'zod';
import { CHAINS } from '../chains/chain';
import { RISK_LEVELS, type FlaggedAddress } from './address-risk';

const flaggedAddress = z
  .object({
    chain: z.enum(CHAINS),
    address: z.string().min(1).max(200),
    risk: z.enum(RISK_LEVELS),
    category: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'a snake_case word'),
  })
  .strict();

/** `CRYPTO_FLAGGED_ADDRESSES`: a JSON array of `{chain, address, risk, category}`. */
export const flaggedAddressesSchema = z.array(flaggedAddress).max(100_000);

/** The configured list; a malformed setting throws with zod's explanation (at boot). */
export function parseFlaggedAddresses(text: string | undefined): FlaggedAddress[] {
  if (text === undefined || text.trim() === '') return [];
  return flaggedAddressesSchema.parse(JSON.parse(text));
}
