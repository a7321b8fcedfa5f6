import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { BankingSeriesProjection } from '../application/banking-series';

/** The banking service's events the ledger's balance history charts (`BANK_USD`, `BANK_EUR`). */
@Controller()
export class BankingSeriesMessages {
  constructor(private readonly projection: BankingSeriesProjection) {}

  @EventPattern('events.banking')
  bankingEvent(@Payload() payload: unknown): Promise<void> {
    return this.projection.take(payload);
  }
}
