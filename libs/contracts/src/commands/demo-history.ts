import { z } from 'zod';

/**
 * What the payins and payouts services are told of one record of a new test account's demo
 * history (the sandbox's ready-made payins and completed payouts): whose, which one of the
 * history (`index`, which keys it once per account), how much in USD, which balance it credits
 * or debits, and when it happened (in the past).
 */
export const demoRecordFields = {
  account_id: z.string().min(1).max(200),
  org_id: z.string().min(1).max(200),
  index: z.number().int().min(0).max(99),
  /** USD, a decimal string (`6000.00`). */
  amount: z.string().regex(/^\d{1,9}\.\d{2}$/, 'a USD amount with cents'),
  /** The balance the record moves: USD, or USDT at parity. */
  asset: z.enum(['USD', 'USDT']),
  occurred_at: z.string().datetime(),
};

/** `payins.seed_demo_payin`: one credited demo payin (sandbox only, once per account and index). */
export const seedDemoPayinCommand = z.object(demoRecordFields).strict();
export type SeedDemoPayinCommand = z.infer<typeof seedDemoPayinCommand>;

/** `payouts.seed_demo_payout`: one completed demo payout (sandbox only, once per account and index). */
export const seedDemoPayoutCommand = z.object(demoRecordFields).strict();
export type SeedDemoPayoutCommand = z.infer<typeof seedDemoPayoutCommand>;

/** The demo payin made (or found: a repeated command answers the same one). */
export const seedDemoPayinReply = z.object({ payin_id: z.string() });
export type SeedDemoPayinReply = z.infer<typeof seedDemoPayinReply>;

/** The demo payout made (or found: a repeated command answers the same one). */
export const seedDemoPayoutReply = z.object({ payout_id: z.string() });
export type SeedDemoPayoutReply = z.infer<typeof seedDemoPayoutReply>;
