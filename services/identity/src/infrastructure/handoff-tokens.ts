import { Inject, Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import type { Pool } from 'pg';
import { ACCOUNT_TYPES, type AccountType } from '@platform/contracts';
import { environmentHandoffKey, SERVICE_POOL } from '@platform/runtime';
import { IDENTITY_SETTINGS, type IdentitySettings } from '../identity.settings';
import { HANDOFF_TOKEN_TTL_MS } from '../domain/handoff';

/** Who a handoff token vouches for: the live person, to be the same person in test. */
export interface HandoffClaims {
  /** The token id: single use. */
  jti: string;
  org: string;
  email: string;
  type: AccountType;
  display_name: string;
}

/** Binds a token to its direction: signed by live, accepted by test only. */
const ISSUER = 'platform-identity-live-handoff';
const AUDIENCE = 'platform-identity-test-handoff';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function claimsOf(payload: unknown): HandoffClaims | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { jti, org, email, type, display_name } = payload as Record<string, unknown>;
  if (
    typeof jti !== 'string' ||
    !UUID.test(jti) ||
    typeof org !== 'string' ||
    typeof email !== 'string' ||
    typeof display_name !== 'string' ||
    !(ACCOUNT_TYPES as readonly unknown[]).includes(type)
  )
    return null;
  return { jti, org, email, type: type as AccountType, display_name };
}

/** Signs (live) and verifies (test) handoff tokens with the key both environments derive. */
@Injectable()
export class HandoffTokens {
  private readonly key: Buffer | null;

  constructor(
    @Inject(IDENTITY_SETTINGS) settings: IdentitySettings,
    @Inject(SERVICE_POOL) private readonly pool: Pool,
  ) {
    this.key = environmentHandoffKey(settings);
  }

  get configured(): boolean {
    return this.key !== null;
  }

  sign(claims: HandoffClaims, now: Date): { token: string; expires_at: Date } | null {
    if (!this.key) return null;
    const iat = Math.floor(now.getTime() / 1000);
    const exp = iat + HANDOFF_TOKEN_TTL_MS / 1000;
    const { jti, ...rest } = claims;
    const token = jwt.sign({ ...rest, iat, exp }, this.key, {
      algorithm: 'HS256',
      issuer: ISSUER,
      audience: AUDIENCE,
      jwtid: jti,
    });
    // The token's own whole-second expiry, so the answer never promises more than it holds.
    return { token, expires_at: new Date(exp * 1000) };
  }

  /** The claims of a valid, unexpired token of this direction; null for anything else. */
  verify(token: string, now: Date): (HandoffClaims & { expires_at: Date }) | null {
    if (!this.key) return null;
    try {
      const payload = jwt.verify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        clockTimestamp: Math.floor(now.getTime() / 1000),
      }) as jwt.JwtPayload;
      const claims = claimsOf(payload);
      if (!claims || typeof payload.exp !== 'number') return null;
      return { ...claims, expires_at: new Date(payload.exp * 1000) };
    } catch {
      return null;
    }
  }

  /** Who the member is, as a handoff token carries it; null when the member is gone. */
  async subjectOf(member_id: string): Promise<Omit<HandoffClaims, 'jti'> | null> {
    const { rows } = await this.pool.query<Omit<HandoffClaims, 'jti'>>(
      `select o.slug as org, m.email, a.type, a.display_name
         from members m join accounts a on a.id = m.account_id join organizations o on o.id = m.org_id
        where m.id = $1`,
      [member_id],
    );
    return rows[0] ?? null;
  }

  /** Marks a token redeemed: true the first time only, whoever races. */
  async redeem(token_id: string, expires_at: Date): Promise<boolean> {
    const result = await this.pool.query(
      `insert into handoff_redemptions (token_id, expires_at) values ($1, $2)
       on conflict (token_id) do nothing`,
      [token_id, expires_at],
    );
    return (result.rowCount ?? 0) === 1;
  }
}
