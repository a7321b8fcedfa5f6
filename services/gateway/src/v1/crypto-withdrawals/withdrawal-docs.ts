import { WITHDRAWAL_FEE_TABLE_TEXT } from './withdrawal-fee-text';

/** OpenAPI text of the crypto withdrawal routes. */
export const CREATE_WITHDRAWAL_DESCRIPTION = [
  'Sends `amount` of `asset` on `chain` to `to_address` (tron: USDT; eth: USDT, USDC; btc: BTC).',
  'The balance of `asset` must cover `amount + fee` (402 `insufficient_funds`); both are held at',
  'once and debited when the transfer confirms. `fee` is the platform withdrawal fee, a flat',
  `amount in \`asset\`: ${WITHDRAWAL_FEE_TABLE_TEXT}.`,
  'Answers 202 with `status` `pending` or `processing` (broadcast; `tx_id` set), later',
  '`completed`, or `failed` with the held debit released; each change emits',
  '`crypto_withdrawal_status_changed`. A destination flagged as severe risk is held for a',
  'firewall review: `status: in_review` with `review_id` (`txn_review_status_changed`); released',
  'it is broadcast, rejected it fails and its hold is released.',
  'Travel Rule: from the threshold (1,000 USD by default, valued at the rate table) a hosted',
  "destination needs the beneficiary's `travel_address` (422 `travel_rule_required`) and",
  '`beneficiary_name` (422 `travel_rule_beneficiary_required`), which go to the beneficiary',
  'exchange: it may refuse (`travel_rule_rejected`), not have decided (`travel_rule_pending`),',
  'approve part of the data (`travel_rule_incomplete_approval`) or be unreachable (503',
  '`travel_rule_unavailable`, retry with the same key). `wallet_type: self_hosted` needs',
  '`to_address` to be a wallet the account linked (`/v1/wallet-links`; 422',
  '`travel_rule_address_mismatch`). `travel_rule_status`: `not_required`,',
  '`self_hosted_attested` or `approved`. A refused request creates and holds nothing.',
  'A withdrawal that fails on chain is refunded (sandbox amounts and Travel Rule answers: see',
  'the `sandbox` tag).',
  'Idempotency: `idempotency_key` or the `Idempotency-Key` header, required; the same key',
  'and request answer the same withdrawal, another request 409 `idempotency_conflict`.',
  'Errors 400: `unsupported_chain`, `invalid_asset` (not carried on `chain`), `invalid_amount`',
  "(zero, negative, exponent, more decimals than the asset's, over 15 integer digits),",
  "`to_address_required`, `invalid_payload` (not an address of `chain` on this environment's",
  'network), `invalid_name`; 422 `amount_above_maximum` (USD value above the configured',
  'maximum). User sessions may need OTP for `withdrawal.create` (403 `otp_required`).',
].join(' ');

export const LIST_WITHDRAWALS_DESCRIPTION = [
  'Newest first; `page`, `page_size` (default 20, at most 100). Filters `status`, `chain`,',
  '`asset`, `from` and `to` (`YYYY-MM-DD` in the organization time zone, `to` inclusive;',
  '400 `invalid_request` for another shape, `invalid_range` for an impossible date).',
].join(' ');
