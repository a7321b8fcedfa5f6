import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { signWebhook, verifyWebhookV2 } from './webhook-signature';

/** The recipe of spec section 6, written out independently of the code under test. */
function specV1(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}
function specV2(secret: string, timestamp: string, type: string, id: string, body: string): string {
  return createHmac('sha256', secret)
    .update(`${timestamp}.${type}.${id}.${body}`, 'utf8')
    .digest('hex');
}

function fixtureValue(doc: string, label: string): string {
  const match = new RegExp(`^- ${label}: \`([^\`]+)\``, 'm').exec(doc);
  if (!match?.[1]) throw new Error(`docs/webhooks.md has no "${label}"`);
  return match[1];
}

describe('webhook signatures (spec section 6)', () => {
  it('recomputes the worked example published in docs/webhooks.md', () => {
    const doc = readFileSync(path.join(__dirname, '../../../../docs/webhooks.md'), 'utf8');
    const example = doc.slice(doc.indexOf('### Worked example'));
    const body = /```text\n(.*)\n```/.exec(example)?.[1];
    if (!body) throw new Error('worked example has no body');
    const secret = fixtureValue(example, 'secret');
    const timestamp = fixtureValue(example, 'X-Webhook-Timestamp');
    const type = fixtureValue(example, 'X-Webhook-Event');
    const id = fixtureValue(example, 'X-Webhook-Event-ID');
    const v1 = fixtureValue(example, 'X-Webhook-Signature \\(V1\\)');
    const v2 = fixtureValue(example, 'X-Webhook-Signature-V2');
    expect(JSON.parse(body)).toMatchObject({ id, type });
    expect(specV1(secret, timestamp, body)).toBe(v1);
    expect(specV2(secret, timestamp, type, id, body)).toBe(v2);
    const signed = signWebhook({
      secret,
      timestamp: Number(timestamp),
      event_type: type,
      event_id: id,
      raw_body: Buffer.from(body, 'utf8'),
    });
    expect(signed).toEqual({ v1, v2 });
  });

  it('signs the raw bytes: a re-serialized body gets a different signature', () => {
    const input = { secret: 's'.repeat(16), timestamp: 1, event_type: 't', event_id: 'e' };
    const compact = signWebhook({ ...input, raw_body: '{"a":1}' });
    const spaced = signWebhook({ ...input, raw_body: '{"a": 1}' });
    expect(compact.v1).not.toBe(spaced.v1);
    expect(compact.v2).not.toBe(spaced.v2);
    expect(compact.v1).toMatch(/^[0-9a-f]{64}$/);
  });

  it('binds V2 to the event type and id, and verifies within 5 minutes only', () => {
    const input = {
      secret: 'a-very-secret-value',
      timestamp: 1_000_000,
      event_type: 'payout_status_changed',
      event_id: 'evt_1',
      raw_body: '{}',
    };
    const { v2 } = signWebhook(input);
    expect(verifyWebhookV2({ ...input, signature: v2, now_s: 1_000_299 })).toBe(true);
    expect(verifyWebhookV2({ ...input, signature: v2, now_s: 1_000_301 })).toBe(false);
    expect(verifyWebhookV2({ ...input, event_id: 'evt_2', signature: v2, now_s: 1_000_000 })).toBe(
      false,
    );
    expect(
      verifyWebhookV2({ ...input, event_type: 'payin_credited', signature: v2, now_s: 1_000_000 }),
    ).toBe(false);
  });
});
