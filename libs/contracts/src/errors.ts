/**
 * The error catalog of spec section 7: each code with the HTTP status the gateway answers.
 * Domain code throws `DomainError(code)`; only the gateway maps the code to a status.
 * Grouped as the spec groups them; a code the spec names twice is kept once (noted inline).
 */
export const ERROR_HTTP_STATUS = {
  // §7 Authentication and permissions
  unauthorized: 401,
  invalid_credentials: 401,
  invalid_refresh_token: 401,
  invalid_code: 401,
  invalid_pending_token: 401,
  account_required: 403,
  org_admin_required: 403,
  forbidden: 403,
  account_blocked: 403,
  verification_rejected_requires_admin: 403,
  service_disabled: 403,
  org_suspended: 403,
  company_only: 403,
  company_required: 403,
  company_account_required: 403,
  human_session_required: 403,
  member_disabled: 403,
  passkey_rejected: 403,
  owner_required: 403,
  verification_requires_2fa: 403,
  // The spec also lists it under 422 "third-party verification"; the identity gate of §5 rule 11
  // (payins, collect, deposit accounts, stored-card charges, subscriptions) is the 403 one.
  verification_required: 403,
  compliance_hold: 403,
  geo_restricted: 403,

  // §7 OTP and 2FA
  otp_required: 403,
  otp_invalid: 403,
  session_required: 403,
  phone_binding_cooldown: 403,
  channel_locked_by_org: 403,
  invalid_action: 400,
  invalid_channel: 400,
  phone_verification_required: 409,
  phone_required: 409,
  otp_phone_missing: 409,
  challenge_not_pending: 409,
  otp_disabled_for_org: 409,
  totp_not_started: 409,
  too_many_attempts: 429,
  otp_unavailable: 503,
  otp_send_failed: 502,
  otp_check_failed: 502,

  // §7 Social login
  invalid_provider: 400,
  provider_not_configured: 400,
  invalid_credential: 401,
  email_conflict: 409,
  identity_taken: 409,
  last_login_method: 409,
  email_required: 409,

  // §7 Validation (400 unless noted)
  invalid_json: 400,
  invalid_lang: 400,
  invalid_type: 400,
  invalid_email: 400,
  invalid_display_name: 400,
  weak_password: 400,
  invalid_role: 400,
  unknown_org: 400,
  invalid_request: 400,
  // Decisions D8: a dispute's evidence text, 1 to 10,000 characters.
  invalid_evidence: 400,
  invalid_purpose: 400,
  idempotency_key_required: 400,
  invalid_idempotency_key: 400,
  reserved_idempotency_key: 400,
  beneficiary_required: 400,
  invalid_cuit: 400,
  invalid_cbu: 400,
  invalid_amount: 400,
  recipient_required: 400,
  self_transfer: 400,
  invalid_chain: 400,
  invalid_asset: 400,
  to_address_required: 400,
  invalid_payload: 400,
  invalid_iban: 400,
  invalid_qr_payload: 400,
  liveness_already_completed: 400,
  invalid_event_type: 400,
  weak_secret: 400,
  invalid_callback_url: 400,
  invalid_phone: 400,
  invalid_language: 400,
  invalid_locale: 400,
  invalid_format: 400,
  batch_too_large: 400,
  invalid_body: 400,
  invalid_image: 400,
  invalid_interval: 400,
  query_required: 400,
  same_email: 400,
  invalid_settlement_hours: 400,
  invalid_country: 400,
  invalid_label: 400,
  invalid_occupation: 400,
  invalid_kind_of_business: 400,
  invalid_settlement_asset: 400,
  settlement_asset_disabled: 400,
  invalid_pair: 400,
  amount_too_small: 400,
  swap_asset_disabled: 400,
  country_required: 400,
  currency_required: 400,
  physical_temporarily_unavailable: 400,
  banking_eur_requires_viban: 400,
  unsupported_document_type: 400,
  invalid_document_file: 400,
  unsupported_chain: 400,
  invalid_statement: 400,
  invalid_category: 400,
  invalid_name: 400,
  invalid_range: 400,
  invalid_status: 400,
  empty_file: 400,

  // §7 Money and state
  insufficient_funds: 402,
  not_found: 404,
  not_available: 404,
  country_not_found: 404,
  bank_not_found: 404,
  postal_code_not_found: 404,
  recipient_not_found: 404,
  verification_not_found: 404,
  no_score: 404,
  pdf_not_ready: 404,
  no_active_seal: 404,
  duplicate: 409,
  idempotency_conflict: 409,
  already_verified: 409,
  identity_locked: 409,
  no_screening: 409,
  // Decisions D8: evidence is taken only while a dispute needs a response.
  dispute_not_awaiting_response: 409,
  no_banking_customer: 409,
  banking_customer_exists: 409,
  bank_ref_conflict: 409,
  card_limit_reached: 409,
  card_cancelled: 409,
  card_not_pending: 409,
  cardholder_kyc_pending: 409,
  already_paid: 409,
  alias_pending: 409,
  intent_abandoned: 409,
  deposit_account_conflict: 409,
  subscription_state: 409,
  receipt_not_available: 409,
  core_charge_terminal: 409,
  confirm_request_conflict: 409,
  confirm_account_mismatch: 409,
  payin_not_credited: 409,
  checkout_expired: 410,
  currency_not_supported: 422,
  core_rejected: 422,
  checkout_expiring_soon: 422,
  method_unavailable: 422,
  country_unavailable: 422,
  collect_otp_failed: 422,
  collect_rejected: 422,
  provider_rejected: 422,
  checkout_amount_mismatch: 422,
  stored_card_revoked: 422,
  stored_card_corridor_mismatch: 422,
  recipient_unavailable: 422,
  recipient_ambiguous: 422,
  contact_not_linked: 422,
  no_saved_destination: 422,
  wallet_limit_reached: 422,
  insufficient_gas: 422,
  verification_not_approved: 422,
  verification_kind_mismatch: 422,
  verification_invalid: 422,
  issuer_data_incomplete: 422,
  screening_required: 422,
  cardholder_name_too_long: 422,
  settlement_limit_exceeded: 422,
  settlement_daily_limit_exceeded: 422,
  guard_diverged: 422,
  merchant_disabled: 422,
  nothing_received: 422,
  refund_exceeds_received: 422,
  payin_not_refundable: 422,
  refund_not_supported: 422,
  refund_exceeds_payin: 422,
  settlement_pending: 422,
  deposit_account_limit_reached: 422,
  purpose_not_supported: 422,
  ambiguous_source_instrument: 422,
  invalid_source_instrument: 422,
  deposit_account_not_recoverable: 422,
  alias_taken: 422,
  destination_recently_rejected: 422,
  travel_rule_required: 422,
  travel_rule_beneficiary_required: 422,
  travel_rule_address_mismatch: 422,
  travel_rule_rejected: 422,
  travel_rule_pending: 422,
  travel_rule_incomplete_approval: 422,
  export_rejected: 422,
  unsupported_country: 422,
  contract_template_superseded: 422,
  contract_unfillable: 422,
  invalid_signature_image: 422,
  amount_below_minimum: 422,
  amount_above_maximum: 422,
  velocity_limit_exceeded: 422,
  too_many_open_card_sessions: 429,
  too_many_streams: 429,
  rate_limited: 429,

  // §7 Service (5xx) and recovery: retry with the same idempotency key
  compliance_check_unavailable: 503,
  card_recovery_pending: 503,
  card_reuse_unavailable: 503,
  core_reuse_unavailable: 503,
  checkout_recovery_pending: 503,
  refund_recovery_pending: 503,
  refund_event_pending: 503,
  payin_event_pending: 503,
  banking_recovery_pending: 503,
  bank_ref_recovery_pending: 503,
  travel_rule_unavailable: 503,
  firewall_unavailable: 503,
  storage_unavailable: 503,
  stream_unavailable: 503,
  recovery_pending: 503,
  channel_unavailable: 503,
  deposit_account_failed: 502,
  streaming_unsupported: 500,
  payin_corridor_unsupported: 400,

  // §7 Credit scoring and firewall
  purpose_required: 400,
  invalid_doc_id: 400,
  invalid_subject_type: 400,
  invalid_tax_id: 400,
  no_valid_items: 400,
  too_many_items: 400,
  kyc_required: 403,
  report_required: 403,
  no_tax_id: 409,
  identity_mismatch: 409,
  already_decided: 409,
  link_inactive: 409,
  holder_mismatch: 409,
  seal_companies_only: 409,
  seal_not_eligible: 409,
  not_awaiting_info: 409,
  file_too_large: 413,
  unsupported_file_type: 415,
  file_limit_reached: 422,

  // §7 Message signing: the spec names these two; custody_transferred has no stated status,
  // and like proof_not_signable it reports a state that no longer allows the operation.
  proof_not_signable: 409,
  custody_transferred: 409,

  // Named by the spec outside §7 and by the decisions
  pricing_unavailable: 422, // §1 rule 6 and D7: cross-fiat settlement from a BOB, MXN or ARS balance
  invalid_handoff: 401, // §4 POST /v1/auth/handoff
  handoff_replayed: 401, // §4 POST /v1/auth/handoff: the single-use token was already exchanged

  // Platform extensions: failures at the HTTP edge that the spec leaves to "a mature API"
  internal_error: 500, // an unexpected fault; the body never carries its details
  method_not_allowed: 405, // a known path with a verb it does not serve
  payload_too_large: 413, // a request body over the gateway's size limit (not a review file)
  headers_too_large: 431, // request headers over the HTTP server's size limit
  request_timeout: 408, // a request that did not arrive whole in time
  service_unavailable: 503, // not ready yet or shutting down; retry with the same idempotency key
  unsupported_media_type: 415, // a body that is not application/json where JSON is required
  // The operator blocks or unblocks only a confirmed account: no spec conflict code says "not
  // confirmed yet" (`already_verified` and the like name other states).
  account_not_confirmed: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_HTTP_STATUS;
export type ErrorHttpStatus = (typeof ERROR_HTTP_STATUS)[ErrorCode];

export function isErrorCode(value: unknown): value is ErrorCode {
  return (
    typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_HTTP_STATUS, value)
  );
}

/** The fixed message of spec §1 Conventions for failures at the payment processor. */
export const PROVIDER_FAILURE_MESSAGE = 'the payment provider could not process the request';

/**
 * A generic English message for a code, for when the code says it all. Never names a
 * provider, a piece of infrastructure or an upstream body (spec §1 Conventions).
 */
export function defaultMessage(code: ErrorCode): string {
  const status: ErrorHttpStatus = ERROR_HTTP_STATUS[code];
  switch (status) {
    case 400:
      return 'the request is not valid';
    case 401:
      return 'the credential is missing or not valid';
    case 402:
      return 'the balance is too low for this operation';
    case 403:
      return 'this operation is not allowed for this credential or account';
    case 404:
      return 'the resource was not found';
    case 405:
      return 'this method is not allowed on this path';
    case 408:
      return 'the request did not arrive in time';
    case 409:
      return 'the request conflicts with the current state of the resource';
    case 410:
      return 'the resource has expired';
    case 413:
      return 'the request or file is too large';
    case 415:
      return 'this content type is not supported';
    case 431:
      return 'the request headers are too large';
    case 422:
      return 'the request could not be processed';
    case 429:
      return 'too many requests; retry later';
    case 500:
      return 'an internal error occurred; retry with the same idempotency_key';
    case 502:
      return 'the request could not be completed right now; retry with the same idempotency_key';
    case 503:
      return 'the service is temporarily unavailable; retry with the same idempotency_key';
    default: {
      const unhandled: never = status;
      throw new Error(`no default message for status ${String(unhandled)}`);
    }
  }
}

/** A typed failure of a rule. Carries no HTTP status: the edge decides that. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
