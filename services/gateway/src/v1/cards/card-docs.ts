/** OpenAPI descriptions of the card routes. */
export const ISSUE_CARD_DESCRIPTION = [
  'Issues a card. `virtual` cards are `active` at once; `physical` cards start',
  '`pending_activation` and need `shipping_address` (line1, city, postal_code, country; else 422',
  '`issuer_data_incomplete`). The printed name is `FIRST LAST` in latin capitals without accents,',
  'at most 22 characters (422 `cardholder_name_too_long`; empty or non-latin names 400',
  '`invalid_request`). `occupation` and `business_activity` are codes of the catalogs (400',
  '`invalid_occupation`, `invalid_kind_of_business`). The account’s identity verification must be',
  'approved (403 `verification_required`; 409 `cardholder_kyc_pending` while under review) and the',
  'cardholder screened clear under the same name (`POST /v1/aml/screenings`, a person; else 422',
  '`screening_required`). At most 5 cards that are not cancelled (409 `card_limit_reached`).',
  '`idempotency_key` (or `Idempotency-Key`): a replay answers the same card, another request under',
  'it 409 `idempotency_conflict`; 503 `card_recovery_pending`: retry with the same key.',
  'The full card number is never stored nor answered here (see `/sensitive`).',
].join(' ');

export const STATE_NOTE =
  'Answers the card. A cancelled card: 409 `card_cancelled`. Asking for the state the card is ' +
  "already in changes nothing (200). Another account's card: 404 `not_found`. Each change emits " +
  '`card_status_changed` {account_id, card_id, status, reason}.';

export const SENSITIVE_DESCRIPTION =
  'The full number (`pan`), security code (`cvv`) and expiry, read from the card issuer; never ' +
  'stored by the platform, never in listings or events. A user session only (API keys: 403 ' +
  '`session_required`), with `X-OTP-Token` of a verified challenge for the action `card.reveal` ' +
  'every time (403 `otp_required` without it, `otp_invalid` for a bad or used one). A cancelled ' +
  "card: 409 `card_cancelled`. Another account's card: 404 `not_found`.";

export const CATALOG_DESCRIPTION =
  '`q` (required, 400 `query_required`) matches codes and labels in English, Spanish and Chinese, ' +
  'case and accents aside; `lang` (en, es, zh; default en) chooses the labels (400 ' +
  '`invalid_language`).';

export const SANDBOX_TRANSACTION_DESCRIPTION = [
  'Sandbox only (live: 404 `not_found`). `authorization` {amount, merchant, transaction_id?}',
  'holds `amount` of the account’s settlement balance: over the available balance, or on a card',
  'that is not active, it is `declined` (with `decline_reason`, no hold) and still emits',
  '`card_transaction`. A repeated `transaction_id` answers the same transaction (another amount or',
  'merchant: 409 `idempotency_conflict`). `reversal` {transaction_id} releases the hold of an',
  'authorized transaction (`reversed`). `adjustment` {transaction_id, amount} settles it at the',
  'final `amount`: a larger amount debits the difference first (402 `insufficient_funds` changes',
  'nothing), then the hold is taken; a smaller one gives the difference back (`adjusted`). Each',
  'emits `card_transaction` {account_id, card_id, transaction_id, status, amount_usdt, merchant}.',
  'Errors: 400 `invalid_amount`, `invalid_request`; 404 `not_found`.',
].join(' ');

export const FEES_RUN_DESCRIPTION =
  'Sandbox only (live: 404 `not_found`). Runs the monthly card fee for `month` (`YYYY-MM`; 400 ' +
  "`invalid_range`) over the caller's active and frozen cards, as the daily job does for every " +
  'account: each card pays once per month (a second run charges nothing: `already_settled`); a ' +
  'balance that cannot cover it freezes the card with reason `monthly_fee_unpaid` (`unpaid`).';
