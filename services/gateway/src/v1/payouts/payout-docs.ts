import { IdempotencyKey } from '@platform/contracts';

/** OpenAPI descriptions of the payout routes: the behaviour the spec leaves open, written down. */

const RESERVED_PREFIXES = IdempotencyKey.RESERVED_PREFIXES.map((prefix) => `\`${prefix}\``);

export const CREATE_PAYOUT_DESCRIPTION = [
  'Body: `{country, currency, amount, method, beneficiary, idempotency_key,',
  'settlement_asset?, purpose?, purpose_detail?, document_id?, options?}`. `amount` is the local',
  'amount in `currency`, a decimal string (at most two decimals, whole numbers for CLP; otherwise',
  '400 `invalid_amount` before any debit). Answers 202 with the payout.',
  '',
  '**To a contact**: `contact_id` (see `GET /v1/contacts`) fills `country`, `currency`, `method`',
  'and `beneficiary` from the contact’s saved destination where the body leaves them out; a',
  'contact without one answers 422 `no_saved_destination`, another account’s 404 `not_found`.',
  '',
  '**Idempotency**: `idempotency_key` is required (body, or the `Idempotency-Key` header; the body',
  'wins): 400 `idempotency_key_required`, `invalid_idempotency_key` (over 256 characters or CR/LF),',
  `\`reserved_idempotency_key\` (${RESERVED_PREFIXES.join(', ')}). The same key with an equivalent`,
  'payload (`50.0` equals `50.00`) answers the original status and body; another payload 409',
  '`idempotency_conflict`. Concurrent requests with one key create one payout; the others wait',
  'for it. A create that fails (4xx) creates nothing and leaves the key free.',
  '',
  '**Corridors** (`country`/`currency`/`method`; unknown pair 422 `country_unavailable`, a method',
  'the corridor lacks 422 `method_unavailable`): AR/ARS and AR/USD `bank_transfer` (beneficiary',
  '`name`, `tax_id` = 11-digit CUIT (`invalid_cuit`), `account_number` = 22-digit CBU or CVU',
  '(`invalid_cbu`; USD accepts only a CBU, a CVU starts with 000)); BR/BRL `pix` (`name`,',
  '`account_number` = pix key); MX/MXN `spei` (`name`, 18-digit CLABE); CO/COP `bank_transfer`',
  '(`name`, `tax_id`, `account_number`, `bank_code`, `account_type`); PE/PEN `bank_transfer` (`name`,',
  '`tax_id`, 20-digit CCI); CL/CLP `bank_transfer` (`name`, `tax_id`, `account_number`, `bank_code`;',
  'whole amounts); EC/USD `bank_transfer` (`name`, `tax_id`, `account_number`, `bank_code`; created',
  '`processing` with `status_code: manual_dispatch`, confirmed by an operator) and `deuna`',
  '(`name`, `phone`); VE/VES `pago_movil` (`name`, `tax_id`, `phone`, `bank_code`); BO/BOB',
  '`bank_transfer` (`name`, `account_number`, `bank_code`); US/USD `ach`, `wire`, `swift` (`name`,',
  '`account_number`, `bank_code` (routing number or BIC); `wire` also `account_type` checking or',
  'savings); EU/EUR `sepa` (`name`, `account_number` = IBAN, `invalid_iban` on a bad mod-97 check).',
  'Missing beneficiary fields: 400 `beneficiary_required`.',
  '',
  '**US/USD purpose and document**: `purpose` is one of invoice_payment, payroll, services, goods,',
  'family_support, rent, investment, other; `purpose_detail` only (and required) with `other`.',
  'Errors: 400 `invalid_purpose`. `document_id` from `POST /v1/payouts/documents` is required',
  "(400 `invalid_request` when missing or not this account's).",
  '',
  "**Money**: the debit is taken from `settlement_asset` (default: the account's settlement asset)",
  'at the rate table (`rate` = `currency` units per unit of the settlement asset, `rate_source:',
  "spot`), rounded up to the asset's decimals; `total_debit` = debit + `fee`, in the settlement",
  "asset. `fee` is zero unless the organization's payout pricing (set by an operator, per",
  'organization or per corridor) says otherwise: a fixed USD fee plus a percentage of the USD',
  "value, converted at the same table and rounded up to the asset's decimals. The fee is held with",
  'the debit as its own movement (`kind: fee`, the payout id as reference), kept on completion and',
  "refunded with the debit on any failure. `usdt_amount` is the payout's USDT value. A BOB, MXN or",
  'ARS balance pays only a payout in its own currency at rate 1 (otherwise 422',
  '`pricing_unavailable`). 402 `insufficient_funds` when the balance does not cover `total_debit`',
  '(nothing is created). Organization limits in USD value (off in demo):',
  '422 `amount_below_minimum`, `amount_above_maximum`, `velocity_limit_exceeded` (24 hours).',
  '',
  '**Lifecycle**: screened first. Processed: debit held, `processing` (`rail_submitted`),',
  'then `completed` (hold posted, `bank_reference` set) or `failed` (`rail_rejected`, debit',
  'released before the event). Firewall hold: `status: in_review`, `status_code: firewall_review`,',
  '`review_id`, nothing debited until an operator releases it. Screening rejection: `failed`,',
  '`screening_rejected`, `predebit_failure: true`, `funds_debited: false`, no `receipt_url`.',
  'Screening unavailable: `pending`, `compliance_pending: true`, nothing debited; screening is',
  'retried, then `compliance_dispatch_pending` and `compliance_dispatching` (debited) before',
  '`processing`. A destination the rail rejected in the last 24 hours answers 422',
  '`destination_recently_rejected` unless the request has a new key and',
  '`options.destination_retry_ack: true`.',
  '',
  '**Sandbox**: amounts and beneficiary names that steer the outcome are listed under the',
  '`sandbox` tag.',
].join('\n');

export const LIST_PAYOUTS_DESCRIPTION = [
  'Newest first; `page` from 1, `page_size` 20 by default, at most 100. Filters: `status`',
  '(pending, in_review, processing, completed, failed), `country`, `method`, `search` (payout id,',
  'beneficiary name, idempotency key or bank reference, case-insensitive substring), `from` and',
  '`to` (YYYY-MM-DD in the organization timezone: `from` inclusive midnight, `to` inclusive',
  'day). `format=csv|xlsx` downloads up to 10,000 rows instead of a page.',
].join('\n');

export const RECEIPT_DESCRIPTION = [
  'The payout receipt as a PDF: platform, payout id, date, beneficiary with the account masked',
  'to its last four characters, amounts, rate, status and bank reference. Language: `?lang=`',
  '(en, es, zh; another value answers 400 `invalid_language`), else a valid `?locale=`, else',
  '`Accept-Language`, else English. 409 `receipt_not_available` while screening',
  'is pending or in review, and after a failure before any debit.',
].join('\n');

export const DOCUMENTS_DESCRIPTION = [
  'Uploads a supporting file, required before US/USD `ach`, `wire` and `swift` payouts. JSON body',
  '`{filename, content_type, content_base64}` (no multipart): content types application/pdf,',
  'image/png, image/jpeg, image/webp, text/plain, text/csv (else 400 `unsupported_document_type`);',
  'bad base64 400 `invalid_document_file`; empty 400 `empty_file`. The request body is limited',
  'to 1 MB, so files up to about 750 KB. Answers 201 `{document_id, filename, content_type,',
  'size_bytes, created_at}`; pass `document_id` in the payout body.',
].join('\n');

export const QR_SCAN_DESCRIPTION = [
  'Decodes a payout QR without any debit: `{qr_payload}` answers `{country, currency, method,',
  'beneficiary {name, account_number (masked)}, city, amount (null when the payer chooses it),',
  'amount_required, reference}`. Bad payloads: 400 `invalid_qr_payload`.',
  '',
  'Sandbox QR format: EMV merchant-presented TLV (the pix BR Code). Each field is a 2-digit tag,',
  'a 2-digit length and the value: `00` = `01`; `26` merchant account with sub-tags `00` =',
  '`br.gov.bcb.pix` and `01` = the pix key; `52` MCC; `53` = `986` (BRL); `54` amount (optional);',
  '`58` = `BR`; `59` beneficiary name; `60` city; `62` additional data with sub-tag `05` reference;',
  'last `63` + `04` + CRC16-CCITT (polynomial 0x1021, initial 0xFFFF, upper-case hex) computed',
  'over the whole payload up to and including `6304`. Example:',
  '`00020126360014br.gov.bcb.pix0114+55119999999995204000053039865802BR5909Ana Silva6009SAO PAULO62070503***6304` + CRC.',
].join('\n');

export const QR_CONFIRM_DESCRIPTION = [
  'Creates the pix payout a QR describes: `{qr_payload, amount, settlement_asset?,',
  'idempotency_key, options?}`. `amount` (BRL) is required for BR/BRL (400 `invalid_amount`);',
  'when the QR fixes an amount the request must repeat it. Idempotent like `POST /v1/payouts`',
  '(same key and payload answer the original 202 and body). Answers 202 with the payout.',
].join('\n');
