import { randomBytes } from 'node:crypto';
import type { DispatchMode } from '../domain/corridors';
import type { RailAnswer } from '../domain/payout-events';
import { sandboxMagicOf } from '../domain/payout-request';
import type { PayoutRecord } from '../domain/payout-record';

/**
 * The port every payment rail sits behind. A real rail is one more implementation of this
 * interface, registered in RailConnectors; the payouts service never changes for it.
 */
export interface RailConnector {
  /** `rail`: the rail reports back (poll it); `manual`: an operator sends the money. */
  readonly mode: DispatchMode;
  /** Hands the payout to the rail. Idempotent per payout_id. */
  dispatch(payout: PayoutRecord): Promise<void>;
  /** The rail's current answer about a dispatched payout. */
  poll(payout: PayoutRecord): Promise<RailAnswer>;
}

/**
 * The sandbox rail (decisions D6): it confirms every payout at its next step, except amounts
 * ending `.99`, which the beneficiary's bank rejects.
 */
export class SimulatorRailConnector implements RailConnector {
  readonly mode = 'rail' as const;

  dispatch(): Promise<void> {
    return Promise.resolve();
  }

  poll(payout: PayoutRecord): Promise<RailAnswer> {
    if (sandboxMagicOf(payout.local_amount) === 'rail_rejects') {
      return Promise.resolve({ kind: 'rejected' });
    }
    return Promise.resolve({
      kind: 'confirmed',
      bank_reference: `SBX${randomBytes(6).toString('hex').toUpperCase()}`,
    });
  }
}

/**
 * The live connector shipped with the platform (decisions D7): no provider is wired, so an
 * operator sends the money and confirms or rejects it through the admin surface.
 */
export class ManualRailConnector implements RailConnector {
  readonly mode = 'manual' as const;

  dispatch(): Promise<void> {
    return Promise.resolve();
  }

  poll(): Promise<RailAnswer> {
    return Promise.resolve({ kind: 'pending' });
  }
}

/** Picks the connector of a payout: manual corridors and the live environment go by hand. */
export class RailConnectors {
  private readonly manual = new ManualRailConnector();
  private readonly simulator = new SimulatorRailConnector();

  constructor(private readonly environment: 'test' | 'live') {}

  for(payout: Pick<PayoutRecord, 'dispatch'>): RailConnector {
    if (payout.dispatch === 'manual' || this.environment === 'live') return this.manual;
    return this.simulator;
  }
}

export const RAIL_CONNECTORS = Symbol('RAIL_CONNECTORS');
