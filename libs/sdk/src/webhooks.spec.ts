import { verifyWebhookSignature } from './webhooks';

// The worked example of the webhook guide, whose signatures the platform's own signing code
// recomputes in its unit tests: what the platform sends for this event.
const SECRET = 'whsec_test_0123456789abcdef';
const TIMESTAMP_S = 1767225600;
const BODY =
  '{"id":"evt_3f1c2a9b8d7e4f60a1b2c3d4e5f60718","type":"transfer_received","created_at":"2026-01-01T00:00:00.000Z","livemode":false,"data":{"transfer_id":"5b0f6f0e-8a51-4c1e-9a57-3f7d2b1e9c40","from_account_id":"0d6f3b5e-2f7a-4f3e-8f21-6c9a1b2d3e4f","to_account_id":"9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d","asset":"USD","amount":"25.00","description":"lunch","created_at":"2026-01-01T00:00:00.000Z"}}';
const HEADERS = {
  'X-Webhook-Event': 'transfer_received',
  'X-Webhook-Event-ID': 'evt_3f1c2a9b8d7e4f60a1b2c3d4e5f60718',
  'X-Webhook-Timestamp': String(TIMESTAMP_S),
  'X-Webhook-Signature': '624474b021743fb14b51b9e532d7d14868ff52ccac056dce77454eb8bfd21507',
  'X-Webhook-Signature-V2': '1b83dae8955a40ca26dc6d28c0504c6e314f0345efc2d6b8e7f481fa51d0e91f',
};
const AT_SIGNING_MS = TIMESTAMP_S * 1000;

const verify = (
  body: string | Uint8Array,
  headers: Record<string, string> | Headers,
  now_ms = AT_SIGNING_MS,
  secret = SECRET,
) => verifyWebhookSignature(body, headers, secret, 300, now_ms);

describe('webhook signature verification', () => {
  it('accepts what the platform signed, as text, bytes, Fetch or Node headers', () => {
    expect(verify(BODY, HEADERS)).toBe(true);
    expect(verify(Buffer.from(BODY), new Headers(HEADERS))).toBe(true);
    const node_headers = Object.fromEntries(
      Object.entries(HEADERS).map(([name, value]) => [name.toLowerCase(), value]),
    );
    expect(verify(new TextEncoder().encode(BODY), node_headers)).toBe(true);
  });

  it('accepts V1 alone when no V2 header came', () => {
    const { 'X-Webhook-Signature-V2': _v2, ...v1_only } = HEADERS;
    expect(verify(BODY, v1_only)).toBe(true);
  });

  it('refuses a tampered body, event id, event type, signature or secret', () => {
    expect(verify(BODY.replace('"25.00"', '"2500.00"'), HEADERS)).toBe(false);
    expect(verify(`${BODY}\n`, HEADERS)).toBe(false);
    expect(verify(BODY, { ...HEADERS, 'X-Webhook-Event-ID': 'evt_other' })).toBe(false);
    expect(verify(BODY, { ...HEADERS, 'X-Webhook-Event': 'payout_status_changed' })).toBe(false);
    expect(verify(BODY, { ...HEADERS, 'X-Webhook-Signature-V2': 'ab'.repeat(32) })).toBe(false);
    expect(verify(BODY, { ...HEADERS, 'X-Webhook-Signature-V2': 'short' })).toBe(false);
    expect(verify(BODY, HEADERS, AT_SIGNING_MS, 'whsec_test_another_secret')).toBe(false);
  });

  it('refuses a signature older or newer than the tolerance, and a timestamp it cannot read', () => {
    expect(verify(BODY, HEADERS, AT_SIGNING_MS + 300_000)).toBe(true);
    expect(verify(BODY, HEADERS, AT_SIGNING_MS + 301_000)).toBe(false);
    expect(verify(BODY, HEADERS, AT_SIGNING_MS - 301_000)).toBe(false);
    expect(verifyWebhookSignature(BODY, HEADERS, SECRET, 60, AT_SIGNING_MS + 61_000)).toBe(false);
    expect(verify(BODY, { ...HEADERS, 'X-Webhook-Timestamp': '' })).toBe(false);
    expect(verify(BODY, { ...HEADERS, 'X-Webhook-Timestamp': '1767225600.5' })).toBe(false);
  });

  it('refuses a request with no signature header', () => {
    const { 'X-Webhook-Signature-V2': _v2, 'X-Webhook-Signature': _v1, ...unsigned } = HEADERS;
    expect(verify(BODY, unsigned)).toBe(false);
  });
});
