import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import type {
  CardIssuerPort,
  CardSensitiveData,
  IssueAtIssuer,
  IssuedCard,
} from '../application/card-issuer.port';
import { luhnCheckDigit } from './luhn';

/** The sandbox's card range: a test BIN that no real issuer uses. */
const SANDBOX_BIN = '400000';
const CARD_VALIDITY_YEARS = 3;

/** Digits drawn from a hash of the card id: the same card always gets the same number. */
function digitsOf(seed: string, count: number): string {
  const hash = createHash('sha256').update(seed).digest();
  let digits = '';
  for (let index = 0; digits.length < count; index++)
    digits += String(hash[index % hash.length] % 10);
  return digits;
}

/** A 16-digit number in the sandbox range, Luhn-valid, derived from the card id. */
export function sandboxPan(card_id: string): string {
  const payload = `${SANDBOX_BIN}${digitsOf(`pan:${card_id}`, 9)}`;
  return `${payload}${luhnCheckDigit(payload)}`;
}

function expiryFrom(now: Date): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const year = String((now.getUTCFullYear() + CARD_VALIDITY_YEARS) % 100).padStart(2, '0');
  return `${month}/${year}`;
}

interface IssuerRow {
  issuer_ref: string;
  pan: string;
  cvv: string;
  expiry: string;
}

/**
 * The sandbox issuer: deterministic cards (number and code derived from the card id) kept in
 * its own table, the one place they exist. A live issuer is another CardIssuerPort.
 */
export class SandboxCardIssuer implements CardIssuerPort {
  constructor(private readonly pool: Pool) {}

  async issue(request: IssueAtIssuer): Promise<IssuedCard> {
    const pan = sandboxPan(request.card_id);
    await this.pool.query(
      `insert into sandbox_issuer_cards (issuer_ref, card_id, pan, cvv, expiry)
       values ($1, $2, $3, $4, $5) on conflict (card_id) do nothing`,
      [
        `sbx_${digitsOf(`ref:${request.card_id}`, 20)}`,
        request.card_id,
        pan,
        digitsOf(`cvv:${request.card_id}`, 3),
        expiryFrom(new Date()),
      ],
    );
    const { rows } = await this.pool.query<IssuerRow>(
      'select issuer_ref, pan, cvv, expiry from sandbox_issuer_cards where card_id = $1',
      [request.card_id],
    );
    const row = rows[0];
    if (!row) throw new Error('the sandbox issuer lost a card it just issued');
    return { issuer_ref: row.issuer_ref, last4: row.pan.slice(-4), expiry: row.expiry };
  }

  async sensitiveData(issuer_ref: string): Promise<CardSensitiveData | null> {
    const { rows } = await this.pool.query<IssuerRow>(
      'select issuer_ref, pan, cvv, expiry from sandbox_issuer_cards where issuer_ref = $1',
      [issuer_ref],
    );
    const row = rows[0];
    return row ? { pan: row.pan, cvv: row.cvv, expiry: row.expiry } : null;
  }
}
