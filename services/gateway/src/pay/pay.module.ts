import { Module } from '@nestjs/common';
import { PayController } from './pay.controller';

/** Public checkout and card pages under `/pay` (outside /v1: no credential). */
@Module({ controllers: [PayController] })
export class PayModule {}
