/**
 * D7: a body's `idempotency_key` wins over the `Idempotency-Key` header. The one place the
 * gateway decides which key a command carries; the service judges the key itself
 * (`IdempotencyKey` of @platform/contracts).
 */
export function idempotencyKeyOf<Body>(
  body_key: Body | undefined,
  header_key: string | undefined,
): Body | string | undefined {
  return body_key ?? header_key ?? undefined;
}
