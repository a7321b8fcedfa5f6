import { Inject, Injectable } from '@nestjs/common';
import { flagsOf } from '../domain/payout-status';
import type { PayoutRecord } from '../domain/payout-record';
import { RAIL_CONNECTORS, type RailConnectors } from '../infrastructure/rail-connectors';
import { PAYOUTS_SETTINGS, type PayoutsSettings } from '../payouts.settings';

/** Hands a debited payout to its rail connector: the one place a payout enters `processing`. */
@Injectable()
export class PayoutDispatch {
  constructor(
    @Inject(PAYOUTS_SETTINGS) private readonly settings: PayoutsSettings,
    @Inject(RAIL_CONNECTORS) private readonly connectors: RailConnectors,
  ) {}

  async handToRail(
    record: PayoutRecord,
  ): Promise<{ record: PayoutRecord; next_step_ms: number | null }> {
    const connector = this.connectors.for(record);
    await connector.dispatch(record);
    if (connector.mode === 'manual') {
      return { record: { ...record, ...flagsOf('manual_dispatch') }, next_step_ms: null };
    }
    return {
      record: { ...record, ...flagsOf('rail_submitted') },
      next_step_ms: this.settings.SANDBOX_STEP_MS,
    };
  }
}
