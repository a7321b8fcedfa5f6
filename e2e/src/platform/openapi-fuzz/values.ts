import fc from 'fast-check';

/**
 * The values the OpenAPI fuzzer sends: hostile ones (wrong types, NUL characters, lone
 * surrogates, huge and odd numbers and amounts, impossible dates, injection text) and, so that
 * requests get past the first check, plausible ones chosen by a field's name where the document's
 * schema leaves the field open (`{}`).
 */

const lone_surrogates = ['\ud800', '\udbff', '\udc00', '\udfff', 'a\ud83d', '\ude00z'];

/** Text no valid request holds, and text that tempts a careless parser or query. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '%00',
      ...lone_surrogates,
      '\u202eRTL',
      'e\u0301\u0301\u0301',
      '😀👩‍👩‍👧',
      '支付',
      "' or 1=1 --",
      '"; drop table payins; --',
      '../../../etc/passwd',
      '<script>alert(1)</script>',
      '${jndi:ldap://x}',
      '{{7*7}}',
      '[object Object]',
      'null',
      'undefined',
      'NaN',
      '\r\nX-Injected: 1',
      '\t\u0001\u001f\u007f',
      '\ufeffbom',
      'ÿþ',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(1_000, 10_000, 70_000).map((length) => 'a'.repeat(length)),
  },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
);

/** Amount texts and numbers (D7, D12): valid, zero, negative, exponent, over the ceiling. */
export const amountValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('10.00', '0.01', '1', '25.00', '100.000000', '999999999999999.99', '50.99'),
  fc.constantFrom('0', '-1.00', '1e3', '1E-2', '+5', '.5', '5.', '1,00', '0x10', 'Infinity'),
  fc.integer({ min: 16, max: 420 }).map((digits) => '9'.repeat(digits)),
  fc.constantFrom('1.123456789', '1.001', '00000000000000000001.00', ' 10', '10 '),
  fc.constantFrom(10, 0.1, -5, 1e21, 9007199254740993, 1e308),
  fc.bigInt({ min: 0n, max: 10n ** 30n }).map((value) => value.toString()),
);

/** Filter dates: real, impossible (D12), out of bounds and wrongly shaped. */
export const dateValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('2026-01-15', '0001-01-01', '9999-12-30', '2024-02-29'),
  fc.constantFrom('2026-02-30', '2026-13-01', '0000-01-01', '9999-12-31', '2023-02-29'),
  fc.constantFrom('yesterday', '15-01-2026', '2026-1-1', '+002026-01-01', '2026-01-15T00:00:00Z'),
  fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 0, max: 99 }),
      fc.integer({ min: 0, max: 99 }),
    )
    .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`),
);

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

const email = fc.oneof(
  fc.emailAddress(),
  fc.constantFrom('owner@example.com', 'UPPER@Example.COM', 'a@b', 'no-at-sign', '@x.com'),
);

/** Plausible values by field name, for fields the document types loosely. */
const BY_NAME: Record<string, fc.Arbitrary<unknown>> = {
  amount: amountValue,
  from: dateValue,
  to: dateValue,
  birth_date: dateValue,
  country: fc.constantFrom('US', 'MX', 'AR', 'BR', 'CL', 'VE', 'BO', 'CO', 'us', 'XX', 'USA'),
  currency: fc.constantFrom('USD', 'MXN', 'ARS', 'BRL', 'CLP', 'VES', 'BOB', 'usd', 'EUR', 'XXX'),
  asset: fc.constantFrom('USD', 'USDT', 'USDC', 'BTC', 'GOLD', 'MXN', 'DOGE'),
  from_asset: fc.constantFrom('USD', 'USDT', 'BTC', 'MXN'),
  to_asset: fc.constantFrom('USD', 'USDT', 'BTC', 'ARS'),
  settlement_asset: fc.constantFrom('USD', 'USDT', 'BTC', 'MXN', 'NOPE'),
  default_payin_asset: fc.constantFrom('USD', 'USDT', 'BTC'),
  method: fc.constantFrom(
    'bank_transfer',
    'qr',
    'card',
    'fintoc',
    'checkout',
    'pix',
    'spei',
    'c2p',
    'debito_inmediato',
    'ach',
  ),
  email,
  recipient: fc.oneof(email, fc.uuid(), fc.constantFrom('@alias_1', '+14155550100')),
  password: fc.constantFrom('correct horse battery', 'short', 'x'.repeat(200)),
  current_password: fc.constantFrom('correct horse battery', 'wrong password'),
  new_password: fc.constantFrom('another horse battery', 'short'),
  org: fc.constantFrom('demo', 'DEMO', 'no-such-org'),
  type: fc.constantFrom('person', 'company', 'robot'),
  code: fc.constantFrom('000000', '123456', '999999', '12'),
  otp: fc.constantFrom('123456', '999999', '12345678', '1'),
  idempotency_key: fc.oneof(fc.uuid(), fc.constantFrom('k1', 'payin-convert:x', 'a'.repeat(300))),
  expires_in: fc.constantFrom(3600, 599, 604801, -1, '3600', 1.5),
  expires_at: fc.constantFrom(
    new Date(Date.now() + 3_600_000).toISOString(),
    '2000-01-01T00:00:00Z',
    'tomorrow',
  ),
  callback_url: fc.constantFrom(
    'https://example.com/hook',
    'http://example.com/hook',
    'https://127.0.0.1/x',
    'https://vm./x',
    'https://example.com:0/x',
    'https://[::1]/x',
    'notaurl',
  ),
  success_url: fc.constantFrom('https://example.com/ok', 'javascript:alert(1)', 'ftp://x'),
  failure_url: fc.constantFrom('https://example.com/ko', '//evil.example'),
  secret: fc.constantFrom('a-secret-of-32-characters-at-least', 'short'),
  event_type: fc.constantFrom('payout_status_changed', 'payin_status_changed', '*', 'nope'),
  types: fc.constantFrom('payout_status_changed', 'payin_status_changed,nope', ''),
  locale: fc.constantFrom('en', 'es', 'zh', 'fr', 'EN'),
  lang: fc.constantFrom('en', 'es', 'zh', 'xx'),
  phone: fc.constantFrom('+14155550100', '+584141234567', '555', '+0'),
  role: fc.constantFrom('owner', 'admin', 'operator', 'viewer', 'god'),
  status: fc.constantFrom('active', 'disabled', 'pending', 'completed', 'nope'),
  action: fc.constantFrom('payout.create', 'transfer.create', 'api_key.create', 'nope'),
  channel: fc.constantFrom('sms', 'email', 'whatsapp', 'totp', 'pigeon'),
  purpose: fc.constantFrom('fondeo', 'banking', 'services', 'nope'),
  format: fc.constantFrom('csv', 'xlsx', 'pdf', 'json', 'exe'),
  page: fc.constantFrom('1', '2', '0', '-1', '1e3', '999999999999999999', 'x'),
  page_size: fc.constantFrom('1', '100', '101', '0', '99999999999', 'x'),
  search: hostileString,
  qr_payload: fc.constantFrom('000201', 'garbage', ''),
  settlement_hours: fc.constantFrom(0, 24, 25, -24, '24'),
  label: fc.string({ maxLength: 80 }),
  name: fc.string({ maxLength: 40 }),
  display_name: fc.string({ maxLength: 40 }),
  glosa: fc.string({ maxLength: 200 }),
  description: fc.string({ maxLength: 600 }),
  alias: fc.constantFrom('ada_99', '@ada', 'A', 'x'.repeat(40)),
};

/** A plausible value for a field, when its name is known to the fuzzer. */
export function plausibleByName(name: string): fc.Arbitrary<unknown> | undefined {
  return Object.prototype.hasOwnProperty.call(BY_NAME, name) ? BY_NAME[name] : undefined;
}

/** Any JSON value, hostile or not: wrong types for every field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: amountValue },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      null,
      true,
      false,
      0,
      -1,
      1.5,
      1e308,
      -1e308,
      Number.MAX_SAFE_INTEGER + 2,
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      [],
      [1, 'a'],
      {},
      { nested: { deeper: [null] } },
      JSON.parse('{"__proto__":{"polluted":true}}') as unknown,
      { constructor: { prototype: { polluted: true } } },
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 50, max: 400 }).map((depth) => nested(depth)),
  },
);

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
}
