import { Module } from '@nestjs/common';
import { DisputesController } from './disputes.controller';

/** The public /v1/disputes surface. */
@Module({ controllers: [DisputesController] })
export class DisputesApiModule {}
