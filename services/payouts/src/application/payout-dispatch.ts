import { Inject, Injectable } from '@nestjs/common';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import { flagsOf } from '../domain/payout-status';
import type { PayoutRecord } from '../domain/payout-record';
import { RAIL_CONNECTORS, type RailConnectors } from '../infrastructure/rail-connectors';
import { sandboxStepMs } from './sandbox-step';

/** Hands a debited payout to its rail connector: the one place a payout enters `processing`. */
@Injectable()
export class PayoutDispatch {
  constructor(
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
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
      next_step_ms: sandboxStepMs(this.context),
    };
  }
}
