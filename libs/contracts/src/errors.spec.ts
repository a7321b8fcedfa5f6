import {
  DomainError,
  ERROR_HTTP_STATUS,
  defaultMessage,
  isErrorCode,
  type ErrorCode,
} from './errors';

const ERROR_STATUSES = new Set([
  400, 401, 402, 403, 404, 405, 408, 409, 410, 413, 415, 422, 429, 431, 500, 502, 503,
]);
const codes = Object.keys(ERROR_HTTP_STATUS) as ErrorCode[];

describe('ERROR_HTTP_STATUS', () => {
  it('maps every code to an HTTP error status the gateway answers', () => {
    const offending = codes.filter((code) => !ERROR_STATUSES.has(ERROR_HTTP_STATUS[code]));
    expect(offending).toEqual([]);
  });

  it('names every code in stable snake_case', () => {
    expect(codes.filter((code) => !/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(code))).toEqual([]);
  });

  it.each([
    // Authentication and permissions
    ['unauthorized', 401],
    ['invalid_refresh_token', 401],
    ['org_admin_required', 403],
    ['verification_required', 403],
    ['compliance_hold', 403],
    // OTP and 2FA
    ['otp_required', 403],
    ['invalid_action', 400],
    ['totp_not_started', 409],
    ['too_many_attempts', 429],
    ['otp_unavailable', 503],
    ['otp_send_failed', 502],
    ['otp_check_failed', 502],
    // Social login
    ['invalid_provider', 400],
    ['invalid_credential', 401],
    ['last_login_method', 409],
    // Validation
    ['invalid_json', 400],
    ['invalid_amount', 400],
    ['reserved_idempotency_key', 400],
    ['empty_file', 400],
    // Money and state
    ['insufficient_funds', 402],
    ['not_found', 404],
    ['no_active_seal', 404],
    ['idempotency_conflict', 409],
    ['payin_not_credited', 409],
    ['checkout_expired', 410],
    ['currency_not_supported', 422],
    ['destination_recently_rejected', 422],
    ['settlement_daily_limit_exceeded', 422],
    ['travel_rule_incomplete_approval', 422],
    ['velocity_limit_exceeded', 422],
    ['too_many_open_card_sessions', 429],
    ['too_many_streams', 429],
    ['rate_limited', 429],
    // Service (5xx) and recovery
    ['compliance_check_unavailable', 503],
    ['channel_unavailable', 503],
    ['deposit_account_failed', 502],
    ['streaming_unsupported', 500],
    ['payin_corridor_unsupported', 400],
    // Credit scoring and firewall
    ['too_many_items', 400],
    ['report_required', 403],
    ['not_awaiting_info', 409],
    ['file_too_large', 413],
    ['unsupported_file_type', 415],
    ['file_limit_reached', 422],
    // Message signing
    ['proof_not_signable', 409],
    // Decisions and spec sections outside §7
    ['pricing_unavailable', 422],
    ['invalid_handoff', 401],
    ['handoff_replayed', 401],
    // Platform extensions
    ['internal_error', 500],
    ['method_not_allowed', 405],
    ['payload_too_large', 413],
    ['service_unavailable', 503],
    ['unsupported_media_type', 415],
  ] as const)('maps %s to %i', (code, status) => {
    expect(ERROR_HTTP_STATUS[code]).toBe(status);
  });
});

describe('isErrorCode', () => {
  it('accepts catalog codes', () => {
    expect(isErrorCode('insufficient_funds')).toBe(true);
    expect(isErrorCode('file_too_large')).toBe(true);
  });

  it.each([
    ['no_such_code'],
    ['INSUFFICIENT_FUNDS'],
    [''],
    ['toString'],
    ['__proto__'],
    [402],
    [null],
    [undefined],
    [{}],
  ])('rejects %p', (value) => {
    expect(isErrorCode(value)).toBe(false);
  });
});

describe('defaultMessage', () => {
  it('gives every code a message that names no status, provider or URL', () => {
    for (const code of codes) {
      const message = defaultMessage(code);
      expect(message.length).toBeGreaterThan(0);
      expect(message).not.toMatch(/\d{3}|https?:|\//);
    }
  });

  it('tells the client to retry 5xx with the same idempotency_key', () => {
    expect(defaultMessage('otp_unavailable')).toContain('same idempotency_key');
    expect(defaultMessage('deposit_account_failed')).toContain('same idempotency_key');
  });
});

describe('DomainError', () => {
  it('carries its catalog code and message', () => {
    const error = new DomainError('insufficient_funds', 'the USD balance is too low');
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('insufficient_funds');
    expect(error.message).toBe('the USD balance is too low');
  });
});
