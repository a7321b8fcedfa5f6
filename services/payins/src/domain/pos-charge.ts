import { DomainError, type PosChargeView, type SandboxPosChargeBody } from '@platform/contracts';
import { isAsset, Money, type Asset } from '@platform/money';

export type PosChargeStatus = 'received' | 'pending';

/** A charge a card-terminal processor reported for a merchant account. */
export interface PosCharge {
  charge_id: string;
  account_id: string;
  org_id: string;
  terminal_id: string;
  currency: Asset;
  /** Decimal strings in `currency`. */
  amount: string;
  status: PosChargeStatus;
  refunded_amount: string;
  created_at: Date;
}

/** The merchant refunds the cardholder: `requested_amount`, or all that remains when absent. */
export type PosCommand = { type: 'refund'; requested_amount: unknown; terminal_disabled: boolean };

export type PosEvent = {
  type: 'refunded';
  data: { amount: Money<Asset>; refunded_total: Money<Asset> };
};

const MAX_TERMINAL_ID_LENGTH = 64;

/**
 * A sandbox terminal's report: `amount` in `currency` (USD when omitted); an amount ending
 * `.77` stays `pending` (never settled), as a payin's does.
 */
export function readSandboxPosCharge(body: SandboxPosChargeBody): {
  terminal_id: string;
  currency: Asset;
  amount: Money<Asset>;
  status: PosChargeStatus;
} {
  const terminal_id = body.terminal_id;
  if (
    typeof terminal_id !== 'string' ||
    !/^[A-Za-z0-9_-]+$/.test(terminal_id) ||
    terminal_id.length > MAX_TERMINAL_ID_LENGTH
  )
    throw new DomainError(
      'invalid_request',
      `terminal_id is required: letters, digits, - and _, at most ${MAX_TERMINAL_ID_LENGTH}`,
    );
  const currency = body.currency ?? 'USD';
  if (!isAsset(currency))
    throw new DomainError('invalid_request', 'currency must be an asset such as USD');
  const amount = Money.parseInput(currency, body.amount);
  const status = amount.toString().endsWith('.77') ? 'pending' : 'received';
  return { terminal_id, currency, amount, status };
}

/**
 * Refunds need money received (`nothing_received` for a pending charge), a terminal the
 * processor still serves (`merchant_disabled`), and at most what remains of the charge
 * (`refund_exceeds_received`).
 */
export function decidePos(command: PosCommand, charge: PosCharge): PosEvent[] {
  switch (command.type) {
    case 'refund': {
      if (charge.status !== 'received')
        throw new DomainError('nothing_received', 'this charge has not been received yet');
      if (command.terminal_disabled)
        throw new DomainError('merchant_disabled', "this charge's terminal is disabled");
      const amount = Money.parseStored(charge.currency, charge.amount);
      const refunded = Money.parseSigned(charge.currency, charge.refunded_amount);
      const remaining = amount.subtract(refunded);
      const requested =
        command.requested_amount === undefined || command.requested_amount === null
          ? remaining
          : Money.parseInput(charge.currency, command.requested_amount);
      if (!requested.isPositive() || requested.gt(remaining))
        throw new DomainError(
          'refund_exceeds_received',
          `at most ${remaining.toString()} ${charge.currency} of this charge can be refunded`,
        );
      return [
        { type: 'refunded', data: { amount: requested, refunded_total: refunded.add(requested) } },
      ];
    }
    default: {
      const unknown: never = command.type;
      throw new Error(`unknown POS command ${String(unknown)}`);
    }
  }
}

export function evolvePos(charge: PosCharge, event: PosEvent): PosCharge {
  switch (event.type) {
    case 'refunded':
      return { ...charge, refunded_amount: event.data.refunded_total.toString() };
    default: {
      const unknown: never = event.type;
      throw new Error(`unknown POS event ${String(unknown)}`);
    }
  }
}

export function posChargeView(charge: PosCharge): PosChargeView {
  return {
    charge_id: charge.charge_id,
    terminal_id: charge.terminal_id,
    currency: charge.currency,
    amount: Money.parseStored(charge.currency, charge.amount).toString(),
    status: charge.status,
    refunded_amount: Money.parseSigned(charge.currency, charge.refunded_amount).toString(),
    created_at: charge.created_at.toISOString(),
  };
}
