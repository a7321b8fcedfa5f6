/**
 * Node's base64 decoder skips characters outside the alphabet and ignores unused trailing
 * bits, so two different strings can decode to the same bytes. Ciphertexts and keys must have
 * exactly one spelling, or a flipped character could pass unnoticed: decode, re-encode, compare.
 */
export function decodeBase64UrlStrict(text: string): Buffer | null {
  if (text === '') return null;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : null;
}

/** Accepts standard (padded or not) or url-safe base64, in its canonical spelling. */
export function decodeBase64Strict(text: string): Buffer | null {
  if (text === '') return null;
  const bytes = Buffer.from(text, 'base64');
  const canonical = [
    bytes.toString('base64'),
    bytes.toString('base64').replace(/=+$/, ''),
    bytes.toString('base64url'),
  ];
  return canonical.includes(text) ? bytes : null;
}
