/**
 * The tags of the document, each with the description a reader sees above its operations. The
 * `sandbox` tag also holds the sandbox's magic values in one place; operations refer to it.
 */
type Json = Record<string, any>;

export const SANDBOX_TAG = 'sandbox';

export const SANDBOX_DESCRIPTION = [
  'Routes that exist only in the test environment (the live one answers 404 `not_found`), and',
  'the values that steer the sandbox. Every simulated step (a rail, a chain block, a bank) takes',
  '`SANDBOX_STEP_MS`. Nothing here moves real funds.',
  '',
  '| where | value | outcome |',
  '| --- | --- | --- |',
  '| payouts | amount ending `.99` | rejected by the rail (`failed`, `rail_rejected`, debit released) |',
  '| payouts | amount ending `.77` | held for review (`in_review`, `firewall_review`) |',
  '| payouts | beneficiary name `REJECT` | rejected by screening before any debit |',
  '| payins, checkout pages, stored cards, deposit accounts | amount ending `.99` | the payin fails |',
  '| payins, checkout pages, stored cards, deposit accounts | amount ending `.77` | never paid; expires (a deposit after 3 days) |',
  '| card payins | amount ending `.44` | 422 `provider_rejected` |',
  '| card payins | amount ending `.55` | disputed one step after it is credited |',
  '| card payins | test card visa 4242, expiry 12/2029 | the card saved by `save_card: true` |',
  '| payer collection | payer document `REJECT` | 422 `collect_rejected`, no code sent |',
  '| payer collection | key or code `999999` | 422 `collect_otp_failed` |',
  '| disputes | evidence text containing `LOSE` | the dispute is `lost` (otherwise `won` one step later) |',
  '| identity verification | last name (company: legal name) `REJECT` / `REVIEW` | rejected / pending with changes requested; anything else is approved |',
  '| AML screenings | name containing `SANCTIONED` / `PEP` | `match` / `potential_match` |',
  '| address screenings, crypto deposits | address or sender ending `bad` / `risk` | `severe` (a deposit is held) / `high` (a deposit is credited with an alert) |',
  '| crypto deposits | confirmations | tron 2, eth 3, btc 2 |',
  '| crypto withdrawals, wallet sends | amount ending `.99` | fails on chain (a withdrawal is refunded; a send still pays its fee) |',
  '| crypto withdrawals | `travel_address` ending `reject`, `pending`, `partial` or `unavailable` | that Travel Rule answer |',
  '| banking payments | amount ending `.99` | rejected by the bank |',
  '| banking payments | amount ending `.77` | the bank’s answer is lost: 503 `banking_recovery_pending` until it confirms one step later |',
  '| banking | customer, beneficiaries | the customer is approved after one step, a beneficiary at once |',
  '| POS charges | amount ending `.77` | stays `pending`, never received |',
  '| payout QR codes | EMV merchant-presented TLV (pix BR Code) | the QR format the sandbox reads |',
].join('\n');

/** A reference to the sandbox table, for operation descriptions. */
export const SANDBOX_VALUES_REFERENCE =
  'Sandbox: the magic values are listed under the `sandbox` tag.';

export const TAG_DESCRIPTIONS: Record<string, string> = {
  health: 'Liveness and readiness probes; no credential.',
  auth: 'Registration, sign-in (password, OTP, passkeys, social), session refresh and password reset; no credential needed.',
  account:
    'The signed-in account and person: profile, sessions, password, email, phone, 2FA, branding, services and integration status.',
  'api-keys':
    'API keys of the account (`X-API-Key` or `Authorization: Bearer`); managing them needs a person’s session.',
  members: 'The people of an account and their roles.',
  events: 'The account’s event log, as a page or a live stream.',
  webhooks: 'Signed webhook subscriptions and their delivery log.',
  otp: 'One-time codes (SMS, WhatsApp, email, TOTP) that protect sensitive actions.',
  [SANDBOX_TAG]: SANDBOX_DESCRIPTION,
  organization:
    'Routes for an organization admin: the accounts, reviews and settings of the organization.',
  payins:
    'Money in: payment links and checkouts, cards, QR, bank transfers, deposit accounts and refunds.',
  subscriptions: 'Recurring card charges on a schedule.',
  'pay (public)':
    'The hosted checkout page and its calls, reached by the payer with the link token; no credential.',
  'identity verification (hosted page)':
    'The hosted onboarding page where a person or company completes identity verification; reached with its link token.',
  'credit scoring (consent page)':
    'The page where a subject authorizes or declines a credit report; reached with its link token.',
  'credit scoring (public seals)': 'Public verification of a credit seal by its code.',
  'track links (public)': 'Public tracking of a payout or payin by its track code.',
  'contracts (public verification)': 'Public verification of a signed contract by its code.',
  'identity verification':
    'The account’s own identity verification (KYC for persons, KYB for companies).',
  passkeys: 'WebAuthn passkeys of the signed-in person.',
  balances: 'The account’s balances per asset, their history, movements, statements and rates.',
  swaps: 'Conversions between the account’s assets at a quoted rate.',
  transfers: 'Transfers between accounts of the platform.',
  payouts: 'Money out to bank accounts and local rails, with receipts, documents and QR payouts.',
  aml: 'Screening of people and companies against sanctions and PEP lists.',
  crypto: 'Receive-only deposit wallets, crypto deposits and withdrawals.',
  screenings: 'Risk screening of blockchain addresses.',
  reviews: 'Payouts held by the firewall for review, and the files and information asked for them.',
  disputes: 'Card payment disputes and their evidence.',
  'wallet-links': 'Linking external wallets by signing a challenge.',
  'segregated-wallets':
    'Segregated wallets whose keys the account holds: balances, deposits, sends, key import and export.',
  'signature-proofs': 'Proofs that a wallet signed a message.',
  'signature-proofs (public)': 'Public verification of a signature proof by its code.',
  'credit scoring': 'Credit reports, scores, batches, monitoring, consents and disputes.',
  qscore: 'The account’s own credit score and its public seal.',
  contacts: 'Saved payout destinations.',
  cards: 'Virtual and physical cards: issue, activate, freeze, limits, transactions.',
  banking: 'Banking: the customer, USD and EUR accounts, beneficiaries and payments.',
  pos: 'Point-of-sale charges and their refunds.',
  'contracts (organization)': 'Contract templates and envelopes an organization admin sends.',
  contracts: 'The contracts sent to the account, to read and sign.',
};

/** The document's `tags`, in order of first use, each with its description. */
export function describedTags(document: Json): { name: string; description?: string }[] {
  const names = new Set<string>();
  for (const path_item of Object.values(document.paths as Json))
    for (const operation of Object.values(path_item as Json))
      for (const tag of ((operation as Json)?.tags ?? []) as string[]) names.add(tag);
  return [...names].map((name) => ({
    name,
    ...(TAG_DESCRIPTIONS[name] !== undefined ? { description: TAG_DESCRIPTIONS[name] } : {}),
  }));
}
