import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { PaymentHistoryProjection } from '../application/payment-history';

/** The other services' events the platform's payment history of subjects is built from. */
@Controller()
export class PaymentHistoryMessages {
  constructor(private readonly projection: PaymentHistoryProjection) {}

  @EventPattern('events.identity')
  identityEvent(@Payload() payload: unknown): Promise<void> {
    return this.projection.take(payload);
  }

  @EventPattern('events.compliance')
  complianceEvent(@Payload() payload: unknown): Promise<void> {
    return this.projection.take(payload);
  }

  @EventPattern('events.payouts')
  payoutsEvent(@Payload() payload: unknown): Promise<void> {
    return this.projection.take(payload);
  }

  @EventPattern('events.payins')
  payinsEvent(@Payload() payload: unknown): Promise<void> {
    return this.projection.take(payload);
  }
}
