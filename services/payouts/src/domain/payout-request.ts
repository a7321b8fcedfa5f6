import { createHash } from 'node:crypto';
import {
  DomainError,
  type ContactDestination,
  type PayoutBeneficiary,
  type PayoutRequest,
} from '@platform/contracts';
import { Money, isCurrency, type Currency } from '@platform/money';
import { checkBeneficiary, checkPurpose, findMethod, type DispatchMode } from './corridors';

/** A payout request that passed every check that needs no other service. */
export interface PayoutDraft {
  country: string;
  currency: Currency;
  method: string;
  local_amount: Money<Currency>;
  beneficiary: PayoutBeneficiary;
  /** The normalized account the rail pays into (see corridors.checkBeneficiary). */
  destination: string;
  purpose: string | null;
  purpose_detail: string | null;
  document_id: string | null;
  dispatch: DispatchMode;
  settlement_asset: string | null;
  destination_retry_ack: boolean;
}

/**
 * A payout to a contact: the contact's saved destination gives the corridor, the method and the
 * beneficiary the request leaves out; what the request sends wins.
 */
export function withSavedDestination(
  request: PayoutRequest,
  destination: ContactDestination,
): PayoutRequest {
  const { contact_id: _contact, ...asked } = request;
  return {
    ...asked,
    country: request.country ?? destination.country,
    currency: request.currency ?? destination.currency,
    method: request.method ?? destination.method,
    beneficiary: request.beneficiary ?? destination.beneficiary,
  };
}

/** Checks a create request in the order a client fixes it: corridor, amount, beneficiary, purpose. */
export function draftPayout(request: PayoutRequest): PayoutDraft {
  if (!request.country) throw new DomainError('country_required', 'country is required');
  if (!request.currency) throw new DomainError('currency_required', 'currency is required');
  if (!request.method) throw new DomainError('invalid_request', 'method is required');
  const payout_method = findMethod(request.country, request.currency, request.method);
  const currency = request.currency;
  if (!isCurrency(currency)) {
    throw new DomainError('currency_not_supported', `${currency} is not supported`);
  }
  const local_amount = Money.parseInput(currency, request.amount);
  const { beneficiary, destination } = checkBeneficiary(
    payout_method,
    currency,
    request.beneficiary,
  );
  const purpose = checkPurpose(payout_method, request);
  return {
    country: request.country,
    currency,
    method: payout_method.method,
    local_amount,
    beneficiary,
    destination: `${request.country}:${payout_method.method}:${destination}`,
    ...purpose,
    dispatch: payout_method.dispatch,
    settlement_asset: request.settlement_asset ?? null,
    destination_retry_ack: request.options?.destination_retry_ack === true,
  };
}

/**
 * What the sandbox simulator does with an amount (decisions D6): ending `.99` the rail rejects
 * it, ending `.77` the transactional firewall holds it.
 */
export type SandboxMagic = 'rail_rejects' | 'firewall_hold' | 'none';

export function sandboxMagicOf(local_amount: string): SandboxMagic {
  if (local_amount.endsWith('.99')) return 'rail_rejects';
  if (local_amount.endsWith('.77')) return 'firewall_hold';
  return 'none';
}

/**
 * A fingerprint of what a request asks for (the request without its idempotency key, which
 * travels beside it), so that a replay with an equivalent payload (`50.0` equals `50.00`, key
 * order, the key in the body or the header) matches and any other change does not. Stored with
 * each payout: it must not change for a request that did not.
 */
export function requestFingerprint(kind: string, request: Record<string, unknown>): string {
  const canonical = canonicalJson({ kind, ...request, amount: canonicalAmount(request.amount) });
  return createHash('sha256').update(canonical).digest('hex');
}

function canonicalAmount(amount: unknown): unknown {
  if (typeof amount !== 'string' || !/^\d+(\.\d+)?$/.test(amount)) return amount;
  const [whole = '0', fraction = ''] = amount.split('.');
  const integer = whole.replace(/^0+(?=\d)/, '');
  const decimals = fraction.replace(/0+$/, '');
  return decimals ? `${integer}.${decimals}` : integer;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
