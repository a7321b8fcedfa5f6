import { DomainError } from './errors';
import { IdempotencyKey } from './idempotency-key';

const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a DomainError';
  }
};

describe('IdempotencyKey', () => {
  it('takes up to 256 characters without CR/LF, never a reserved prefix', () => {
    expect(IdempotencyKey.parse('k'.repeat(256))).toHaveLength(256);
    expect(codeOf(() => IdempotencyKey.parse('k'.repeat(257)))).toBe('invalid_idempotency_key');
    expect(codeOf(() => IdempotencyKey.parse('a\r\nb'))).toBe('invalid_idempotency_key');
    expect(codeOf(() => IdempotencyKey.parse('a\nb'))).toBe('invalid_idempotency_key');
    expect(codeOf(() => IdempotencyKey.parse(42))).toBe('invalid_idempotency_key');
    expect(codeOf(() => IdempotencyKey.parse({}))).toBe('invalid_idempotency_key');
    expect(codeOf(() => IdempotencyKey.parse('checkout-swap:1'))).toBe('reserved_idempotency_key');
    expect(codeOf(() => IdempotencyKey.parse('payin-convert:x'))).toBe('reserved_idempotency_key');
    expect(codeOf(() => IdempotencyKey.parse('auto-forward:x'))).toBe('reserved_idempotency_key');
  });

  it("lets the platform's own keys take a reserved prefix, under the same shape rules", () => {
    expect(IdempotencyKey.platform('auto-forward:m-1')).toBe('auto-forward:m-1');
    expect(codeOf(() => IdempotencyKey.platform('auto-forward:\n'))).toBe(
      'invalid_idempotency_key',
    );
    expect(codeOf(() => IdempotencyKey.platform(''))).toBe('idempotency_key_required');
    expect(IdempotencyKey.isPlatform('risk-batch:b-1:7')).toBe(true);
    expect(IdempotencyKey.isPlatform('order-1')).toBe(false);
    expect(codeOf(() => IdempotencyKey.parse('risk-batch:b-1:7'))).toBe('reserved_idempotency_key');
    expect(codeOf(() => IdempotencyKey.parse('own-report:a-1:1'))).toBe('reserved_idempotency_key');
    expect(codeOf(() => IdempotencyKey.parse('subscription:s-1:0'))).toBe(
      'reserved_idempotency_key',
    );
  });

  it('reads an absent or empty key as none, which an operation that needs one refuses', () => {
    expect(IdempotencyKey.parse(undefined)).toBeNull();
    expect(IdempotencyKey.parse(null)).toBeNull();
    expect(IdempotencyKey.parse('')).toBeNull();
    expect(codeOf(() => IdempotencyKey.require(null))).toBe('idempotency_key_required');
    expect(codeOf(() => IdempotencyKey.require(''))).toBe('idempotency_key_required');
    expect(IdempotencyKey.require('order-1')).toBe('order-1');
  });
});
