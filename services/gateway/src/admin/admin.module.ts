import { Module } from '@nestjs/common';
import { AdminController } from './admin.controller';
import { BusTailController } from './bus-tail.controller';
import { OperatorGuard } from './operator.guard';

@Module({ controllers: [AdminController, BusTailController], providers: [OperatorGuard] })
export class AdminModule {}
