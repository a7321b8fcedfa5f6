import { Module } from '@nestjs/common';
import { PayoutsController } from './payouts.controller';

/** The public /v1/payouts surface. */
@Module({ controllers: [PayoutsController] })
export class PayoutsApiModule {}
