/**
 * Tokens that verified, with what they carry, until they expire. A client sends the same session
 * token with every request of its session, and a token's signature and claims cannot change, so
 * checking them again would only spend the HMAC and the claims parsing again. Whether the session
 * is still live is asked of identity on every request regardless. Bounded: the oldest go first.
 */
export class VerifiedTokens<T> {
  private readonly entries = new Map<string, { value: T; expires_at_ms: number }>();

  constructor(
    private readonly capacity: number,
    private readonly now_ms: () => number = Date.now,
  ) {}

  /** What the token carried, unless it was never verified here or has expired since. */
  get(token: string): T | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    // As jsonwebtoken: a token is expired from its `exp` second on.
    if (this.now_ms() >= entry.expires_at_ms) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.value;
  }

  remember(token: string, value: T, expires_at_ms: number): void {
    if (!this.entries.has(token) && this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, { value, expires_at_ms });
  }
}
