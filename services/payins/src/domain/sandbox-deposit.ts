import { DomainError, type SandboxDepositBody } from '@platform/contracts';
import { Money, type Currency } from '@platform/money';
import type { DepositPayer } from './payin';

/** Which address of a deposit account a payer sent money to. */
export const DEPOSIT_ADDRESSES = ['account_number', 'bank_alias'] as const;
export type DepositAddress = (typeof DEPOSIT_ADDRESSES)[number];

/** A deposit the sandbox rail reports, in the deposit account's currency. */
export interface SandboxDeposit {
  amount: Money;
  payer: DepositPayer | null;
  paid_to: DepositAddress;
}

const PAYER_FIELDS: Record<keyof DepositPayer, RegExp> = {
  name: /^.{1,120}$/u,
  tax_id: /^[A-Za-z0-9.-]{3,30}$/,
  account_number: /^[0-9A-Za-z-]{4,34}$/,
  bank: /^.{1,80}$/u,
};

/** Checks a `POST /v1/sandbox/deposit-accounts/{id}/deposits` body. */
export function readSandboxDeposit(body: SandboxDepositBody, currency: Currency): SandboxDeposit {
  const amount = Money.parseInput(currency, body.amount);
  const paid_to =
    body.to === undefined ? 'account_number' : DEPOSIT_ADDRESSES.find((to) => to === body.to);
  if (!paid_to)
    throw new DomainError('invalid_request', `to must be one of ${DEPOSIT_ADDRESSES.join(', ')}`);
  return { amount, payer: readPayer(body.payer), paid_to };
}

function readPayer(value: unknown): DepositPayer | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value))
    throw new DomainError('invalid_request', 'payer must be an object');
  const payer: DepositPayer = {};
  for (const [field, text] of Object.entries(value as Record<string, unknown>)) {
    const pattern = PAYER_FIELDS[field as keyof DepositPayer];
    if (!pattern) throw new DomainError('invalid_json', `unknown field(s): payer.${field}`);
    if (typeof text !== 'string' || !pattern.test(text))
      throw new DomainError('invalid_request', `payer.${field} must be valid`);
    payer[field as keyof DepositPayer] = text;
  }
  return payer;
}
