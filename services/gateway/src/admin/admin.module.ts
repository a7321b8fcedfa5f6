import { Module } from '@nestjs/common';
import { AdminController } from './admin.controller';
import { BusTailController } from './bus-tail.controller';
import { MetricsController } from './metrics.controller';
import { OperatorGuard } from './operator.guard';

@Module({
  controllers: [AdminController, BusTailController, MetricsController],
  providers: [OperatorGuard],
})
export class AdminModule {}
