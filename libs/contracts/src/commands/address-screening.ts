import { z } from 'zod';
import { defineCommand } from '../catalog/define';
import { ADDRESS_RISKS } from './crypto-deposits';

/** Screening of blockchain addresses against the flagged-address lists (decisions D9). */
const id = z.string().min(1).max(200);

/** `POST /v1/screenings/addresses`. */
export const screenAddressBody = z
  .object({
    chain: z.string().max(40).describe('`tron`, `eth` or `btc` (`unsupported_chain`)'),
    address: z.string().max(400).describe('an address of the chain (`invalid_payload`)'),
  })
  .strict();

export const addressScreeningResource = z.object({
  screening_id: z.string(),
  account_id: z.string(),
  chain: z.string(),
  address: z.string(),
  risk: z.enum(ADDRESS_RISKS),
  categories: z.array(z.string()).describe('why: sanctions, scam, mixer, ... (empty when low)'),
  created_at: z.string().describe('ISO 8601 UTC timestamp'),
});
export type AddressScreeningResource = z.infer<typeof addressScreeningResource>;

export const ADDRESS_SCREENING_COMMANDS = {
  screen: defineCommand({
    name: 'crypto-wallets.screen_address',
    summary: 'the risk of a blockchain address, recorded for the account',
    request: z.object({ account_id: id, ...screenAddressBody.shape }).strict(),
    reply: addressScreeningResource,
  }),
  list: defineCommand({
    name: 'crypto-wallets.list_address_screenings',
    summary: "the account's address screenings, newest first",
    request: z
      .object({
        account_id: id,
        limit: z.number().int().min(1).max(101),
        offset: z.number().int().min(0),
      })
      .strict(),
    reply: z.object({ screenings: z.array(addressScreeningResource) }),
  }),
};
