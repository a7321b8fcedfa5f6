import type { PayinInstructions } from '@platform/contracts';
import type { Money } from '@platform/money';
import type { CollectRequest } from './collect-request';
import {
  DEPOSIT_METHOD,
  findCorridor,
  type CollectCorridor,
  type PayinCorridor,
  type StoredPayinMethod,
} from './corridors';
import type { CheckoutPayinRequest, CorridorPayinRequest } from './create-request';
import { instructionsFor } from './instructions';
import type { CollectionOutcome, Payin } from './payin';
import type { SandboxDeposit } from './sandbox-deposit';
import { cardInstrument, type StoredCard } from './stored-card';

/**
 * What the collection rail will do with a new collection (the connector's plan, decided by the
 * amount in the sandbox) and how long after create it reports, null when it never does by itself.
 */
export interface RailPlanner {
  plan(method: StoredPayinMethod, amount_text: string): CollectionOutcome;
  readonly step_ms: number | null;
}

/** Whom a payin a client asked for belongs to. */
export interface PayinOwner {
  account_id: string;
  org_id: string;
}

/** The deposit account a deposit arrived at, as far as its payin names it. */
export interface DepositDestination extends PayinOwner {
  deposit_account_id: string;
  country: string;
  currency: string;
  account_number: string;
  bank_alias: string | null;
}

/** Where a new payin comes from: a validated request, or a payer acting on a checkout link. */
export type PayinOrigin =
  /** `POST /v1/payins` with a corridor method; a stored card is charged at once, no page. */
  | {
      type: 'corridor';
      owner: PayinOwner;
      request: CorridorPayinRequest;
      stored_card: StoredCard | null;
      /** Overrides the corridor's expiry of QR collections (tests use a short one). */
      qr_expiry_ms: number | null;
      base_url: string;
    }
  /** `POST /v1/payins` with `method: checkout`: the link, paid by the payer's methods. */
  | { type: 'checkout_link'; owner: PayinOwner; request: CheckoutPayinRequest; base_url: string }
  /** `POST /v1/payins/collect`: a pull collection from the payer's account. */
  | { type: 'collect'; owner: PayinOwner; request: CollectRequest }
  /** A payer picks a method on a checkout link, for the link's amount in `local_amount`. */
  | {
      type: 'checkout_method';
      link: Payin;
      corridor: PayinCorridor;
      local_amount: Money;
      base_url: string;
    }
  /** A payer pays a checkout link by pull collection (`request.amount` is the link's, priced). */
  | { type: 'checkout_collect'; link: Payin; request: CollectRequest }
  /** A payer's balance pays a checkout link (`checkout_token` on `POST /v1/transfers`). */
  | { type: 'checkout_transfer'; link: Payin; payer_account_id: string }
  /** The rail reported a deposit into a dedicated deposit account. */
  | { type: 'deposit'; destination: DepositDestination; deposit: SandboxDeposit };

/** What the application draws for a new payin: randomness stays out of the domain. */
export interface PayinDraw {
  payin_id: string;
  /** Random reference characters (letters and digits); each origin has its own format. */
  reference_code: string;
  /** A random capability for a public page (hosted card page, checkout link). */
  token: string;
  now: Date;
}

/** The columns a new payin starts with before anything happens to it. */
const EMPTY_LIFECYCLE = {
  status: 'pending',
  paid_attempt_id: null,
  credit_asset: null,
  fx_rate: null,
  credited_amount: null,
  fee: null,
  settlement_pending: false,
  settle_at: null,
  settled_at: null,
  credited_at: null,
  failure: null,
  match_reason: null,
  refunded_amount: '0',
} as const;

/** What varies between origins; the rest of a payin starts empty. */
type PayinShape = Pick<
  Payin,
  | 'account_id'
  | 'org_id'
  | 'method'
  | 'country'
  | 'currency'
  | 'local_amount'
  | 'reference'
  | 'instructions'
  | 'expires_at'
  | 'outcome'
  | 'next_step_at'
> &
  Partial<Payin>;

/** The one way a payin record comes to be: pending, built from where it comes from. */
export function newPayin(origin: PayinOrigin, draw: PayinDraw, rail: RailPlanner): Payin {
  const shape = shapeOf(origin, draw, rail);
  return {
    kind: 'payin',
    checkout_payin_id: null,
    idempotency_key: null,
    glosa: null,
    customer: null,
    token: null,
    payment_url: null,
    checkout_url: null,
    success_url: null,
    failure_url: null,
    fiat_hold_local: false,
    settlement_hours: 0,
    save_card: false,
    settlement_asset: null,
    instrument_id: null,
    instrument: null,
    deposit_account_id: null,
    payer: null,
    ...shape,
    ...EMPTY_LIFECYCLE,
    payin_id: draw.payin_id,
    created_at: draw.now,
    updated_at: draw.now,
  };
}

function shapeOf(origin: PayinOrigin, draw: PayinDraw, rail: RailPlanner): PayinShape {
  switch (origin.type) {
    case 'corridor':
      return corridorPayin(origin, draw, rail);
    case 'checkout_link':
      return checkoutLink(origin, draw);
    case 'collect':
      return collection(origin.owner, origin.request, draw, rail);
    case 'checkout_method':
      return checkoutMethod(origin, draw, rail);
    case 'checkout_collect':
      return {
        ...collection(origin.link, origin.request, draw, rail),
        ...attemptOf(origin.link, attemptReference(origin.link, draw)),
        outcome: planFor(origin.link, rail),
        next_step_at: firstStep(planFor(origin.link, rail), rail, draw.now),
      };
    case 'checkout_transfer':
      return checkoutTransfer(origin.link, origin.payer_account_id);
    case 'deposit':
      return deposit(origin.destination, origin.deposit, draw, rail);
    default: {
      const unknown: never = origin;
      throw new Error(`unknown payin origin ${JSON.stringify(unknown)}`);
    }
  }
}

function corridorPayin(
  origin: Extract<PayinOrigin, { type: 'corridor' }>,
  draw: PayinDraw,
  rail: RailPlanner,
): PayinShape {
  const { request, stored_card } = origin;
  const reference = `PI${draw.reference_code}`;
  // A card payment starts when the payer submits the hosted page; a stored card is charged at
  // once, at the scheduler's next tick.
  const token = request.method === 'card' && !stored_card ? draw.token : null;
  const payment_url = token ? `${origin.base_url}/pay/card/${token}` : null;
  // A manually confirmed corridor waits for its operators even in the sandbox.
  const outcome = request.corridor.manual_confirmation
    ? 'manual'
    : rail.plan(request.method, request.amount.toString());
  const steps = request.method !== 'card' || stored_card !== null;
  return {
    ...origin.owner,
    method: request.method,
    country: request.country,
    currency: request.currency,
    local_amount: request.amount.toString(),
    idempotency_key: request.idempotency_key,
    reference,
    glosa: request.glosa,
    customer: request.customer,
    instructions: stored_card
      ? storedCardInstructions(request, stored_card)
      : instructionsFor(request.corridor, request.amount, reference, payment_url),
    token,
    payment_url,
    success_url: request.card?.success_url ?? null,
    failure_url: request.card?.failure_url ?? null,
    expires_at: request.expires_at ?? defaultExpiry(request, origin.qr_expiry_ms, draw.now),
    outcome,
    next_step_at: steps ? firstStep(outcome, rail, draw.now, stored_card ? 0 : undefined) : null,
    fiat_hold_local: request.fiat_hold_local,
    settlement_hours: request.card?.settlement_hours ?? 0,
    save_card: request.card?.save_card ?? false,
    instrument_id: stored_card?.instrument_id ?? null,
    instrument: stored_card ? cardInstrument(stored_card) : null,
  };
}

function checkoutLink(
  origin: Extract<PayinOrigin, { type: 'checkout_link' }>,
  draw: PayinDraw,
): PayinShape {
  const { request } = origin;
  return {
    ...origin.owner,
    method: 'checkout',
    country: null,
    currency: request.settlement_asset,
    local_amount: request.amount.toString(),
    idempotency_key: request.idempotency_key,
    reference: `PI${draw.reference_code}`,
    instructions: null,
    token: draw.token,
    checkout_url: `${origin.base_url}/pay/${draw.token}`,
    success_url: request.success_url,
    failure_url: request.failure_url,
    expires_at: request.expires_at,
    // The link itself is never stepped: the payer's method attempts are.
    outcome: 'never_paid',
    next_step_at: null,
    settlement_asset: request.settlement_asset,
  };
}

/** A pull collection: the payer's phone and bank identify the debited account. */
function collection(
  owner: PayinOwner,
  request: CollectRequest,
  draw: PayinDraw,
  rail: RailPlanner,
): PayinShape {
  const amount = request.amount.toString();
  const outcome = rail.plan(request.corridor.method, amount);
  return {
    account_id: owner.account_id,
    org_id: owner.org_id,
    method: request.corridor.method,
    country: request.corridor.country,
    currency: request.corridor.currency,
    local_amount: amount,
    idempotency_key: request.idempotency_key,
    reference: `PC${draw.reference_code}`,
    glosa: request.glosa,
    // The key the payer's bank issued is never stored.
    instructions: {
      type: 'pull_collection',
      payer_phone: request.payer.phone,
      payer_bank_code: request.payer.bank_code,
    },
    expires_at: expiryOf(request.corridor, draw.now),
    outcome,
    next_step_at: firstStep(outcome, rail, draw.now),
  };
}

function checkoutMethod(
  origin: Extract<PayinOrigin, { type: 'checkout_method' }>,
  draw: PayinDraw,
  rail: RailPlanner,
): PayinShape {
  const { link, corridor } = origin;
  const attempt = attemptOf(link, attemptReference(link, draw));
  const token = corridor.method === 'card' ? draw.token : null;
  const payment_url = token ? `${origin.base_url}/pay/card/${token}` : null;
  const outcome = planFor(link, rail);
  return {
    ...attempt,
    method: corridor.method,
    country: corridor.country,
    currency: corridor.currency,
    local_amount: origin.local_amount.toString(),
    instructions: instructionsFor(corridor, origin.local_amount, attempt.reference, payment_url),
    token,
    payment_url,
    expires_at: expiryOf(corridor, draw.now),
    outcome,
    // A card attempt starts when the payer submits the hosted page.
    next_step_at: corridor.method === 'card' ? null : firstStep(outcome, rail, draw.now),
  };
}

/** The payer's side of a payment by internal transfer, kept as the link's attempt. */
function checkoutTransfer(link: Payin, payer_account_id: string): PayinShape {
  return {
    ...attemptOf(link, `${link.reference}-TRANSFER`),
    method: link.method,
    country: link.country,
    currency: link.currency,
    local_amount: link.local_amount,
    instructions: { type: 'internal_transfer', payer_account_id },
    expires_at: link.expires_at,
    outcome: 'pay',
    next_step_at: null,
    settlement_asset: link.settlement_asset,
  };
}

function deposit(
  destination: DepositDestination,
  deposit: SandboxDeposit,
  draw: PayinDraw,
  rail: RailPlanner,
): PayinShape {
  const amount = deposit.amount.toString();
  const outcome = rail.plan(DEPOSIT_METHOD, amount);
  const corridor = findCorridor('bank_transfer', destination.country, destination.currency);
  const expiry_minutes = corridor?.default_expiry_minutes ?? THREE_DAYS_MINUTES;
  return {
    account_id: destination.account_id,
    org_id: destination.org_id,
    method: DEPOSIT_METHOD,
    country: destination.country,
    currency: destination.currency,
    local_amount: amount,
    reference: `PD${draw.reference_code}`,
    instructions: {
      type: 'deposit_account',
      deposit_account_id: destination.deposit_account_id,
      account_number: destination.account_number,
      bank_alias: destination.bank_alias,
      paid_to: deposit.paid_to,
    },
    expires_at: new Date(draw.now.getTime() + expiry_minutes * 60_000),
    outcome,
    next_step_at: firstStep(outcome, rail, draw.now),
    // Converted into the account's default_payin_asset, like a bank transfer payin.
    deposit_account_id: destination.deposit_account_id,
    payer: deposit.payer,
  };
}

const THREE_DAYS_MINUTES = 3 * 24 * 60;

/** A payer's attempt on a link: the link owner's, with the link's return pages. */
function attemptOf(link: Payin, reference: string) {
  return {
    account_id: link.account_id,
    org_id: link.org_id,
    kind: 'checkout_attempt' as const,
    idempotency_key: null,
    glosa: null,
    customer: null,
    reference,
    success_url: link.success_url,
    failure_url: link.failure_url,
    checkout_payin_id: link.payin_id,
  };
}

/** An attempt's reference: the link's, and a few characters of its own. */
function attemptReference(link: Payin, draw: PayinDraw): string {
  return `${link.reference}-${draw.reference_code.slice(0, 6)}`;
}

/** The sandbox's magic amounts apply to the link's own amount, whatever the payer pays with. */
function planFor(link: Payin, rail: RailPlanner): CollectionOutcome {
  return rail.plan('checkout', link.local_amount);
}

/**
 * When the rail reports a collection it will pay or fail: one step after create by default;
 * never for a collection nothing reports by itself.
 */
function firstStep(
  outcome: CollectionOutcome,
  rail: RailPlanner,
  now: Date,
  delay_ms = rail.step_ms,
): Date | null {
  if ((outcome !== 'pay' && outcome !== 'fail') || rail.step_ms === null || delay_ms === null)
    return null;
  return new Date(now.getTime() + delay_ms);
}

function expiryOf(corridor: PayinCorridor | CollectCorridor, now: Date): Date {
  return new Date(now.getTime() + corridor.default_expiry_minutes * 60_000);
}

function defaultExpiry(
  request: CorridorPayinRequest,
  qr_expiry_ms: number | null,
  now: Date,
): Date {
  if (request.method === 'qr' && qr_expiry_ms !== null)
    return new Date(now.getTime() + qr_expiry_ms);
  return expiryOf(request.corridor, now);
}

function storedCardInstructions(
  request: CorridorPayinRequest,
  card: StoredCard,
): PayinInstructions {
  return {
    type: 'stored_card',
    amount: request.amount.toString(),
    currency: request.currency,
    instrument_id: card.instrument_id,
    brand: card.brand,
    last4: card.last4,
  };
}
