import { parseSettings } from '@platform/runtime';
import { SecretCipher, webhookSecretKey } from './infrastructure/secret-cipher';
import {
  notificationsSettingsIn,
  notificationsSettingsSchema,
  streamLimitsOf,
} from './notifications.settings';

function readNotificationsSettings(environment: 'test' | 'live', settings: Record<string, string>) {
  return notificationsSettingsIn(environment, parseSettings(notificationsSettingsSchema, settings));
}

describe('notifications settings and the webhook secret key', () => {
  it('honours WEBHOOKS_ALLOW_LOOPBACK in test only, never in live', () => {
    const flag = { WEBHOOKS_ALLOW_LOOPBACK: 'true' };
    expect(readNotificationsSettings('test', flag).WEBHOOKS_ALLOW_LOOPBACK).toBe(true);
    expect(readNotificationsSettings('live', flag).WEBHOOKS_ALLOW_LOOPBACK).toBe(false);
    expect(readNotificationsSettings('test', {}).WEBHOOKS_ALLOW_LOOPBACK).toBe(false);
  });

  it('reads the retry scale and rejects nonsense', () => {
    expect(
      readNotificationsSettings('test', { WEBHOOK_RETRY_SCALE: '0.5' }).WEBHOOK_RETRY_SCALE,
    ).toBe(0.5);
    expect(() => readNotificationsSettings('test', { WEBHOOK_TIMEOUT_MS: '-1' })).toThrow();
  });

  it('reads the stream limits and the lease duration, whole numbers only', () => {
    const read = readNotificationsSettings('test', {
      EVENTS_MAX_STREAMS_PER_ACCOUNT: '2',
      EVENTS_STREAM_LEASE_MS: '1500',
    });
    expect(streamLimitsOf(read)).toEqual({
      openings_per_hour: 600,
      max_streams_per_account: 2,
      max_streams_per_org: 1000,
    });
    expect(read.EVENTS_STREAM_LEASE_MS).toBe(1500);
    expect(() => readNotificationsSettings('test', { EVENTS_MAX_STREAMS_PER_ORG: '2.5' })).toThrow(
      /EVENTS_MAX_STREAMS_PER_ORG/,
    );
    expect(() => readNotificationsSettings('test', { EVENTS_STREAM_LEASE_MS: '0' })).toThrow(
      /EVENTS_STREAM_LEASE_MS/,
    );
  });

  it('requires a configured key in live, and derives distinct keys per environment', () => {
    expect(() => webhookSecretKey('live', {})).toThrow(/WEBHOOK_SECRET_KEY/);
    expect(() => readNotificationsSettings('live', { WEBHOOK_SECRET_KEY: 'short' })).toThrow(
      /WEBHOOK_SECRET_KEY: must have at least 32 characters/,
    );
    const material = { WEBHOOK_SECRET_KEY: 'k'.repeat(32) };
    expect(webhookSecretKey('live', material)).not.toEqual(webhookSecretKey('test', material));
    expect(webhookSecretKey('test', {})).toHaveLength(32);
    // The distributed runtime's JWT_SECRET is enough, and gives a key of its own.
    const from_jwt = webhookSecretKey('live', { JWT_SECRET: 'j'.repeat(32) });
    expect(from_jwt).toHaveLength(32);
    expect(from_jwt.equals(Buffer.from('j'.repeat(32)))).toBe(false);
  });

  it('seals with AES-256-GCM: opens back, fresh nonce, tampering detected', () => {
    const cipher = new SecretCipher(webhookSecretKey('test', { OPERATOR_TOKEN: 'op' }));
    const first = cipher.seal('whsec_0123456789abcdef');
    const second = cipher.seal('whsec_0123456789abcdef');
    expect(cipher.open(first)).toBe('whsec_0123456789abcdef');
    expect(first.ciphertext.toString('utf8')).not.toContain('whsec');
    expect(first.nonce.equals(second.nonce)).toBe(false);
    const tampered = {
      ...first,
      ciphertext: Buffer.from(first.ciphertext.map((byte) => byte ^ 1)),
    };
    expect(() => cipher.open(tampered)).toThrow();
    const other = new SecretCipher(webhookSecretKey('test', { OPERATOR_TOKEN: 'other' }));
    expect(() => other.open(first)).toThrow();
  });
});
