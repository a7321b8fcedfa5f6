import { Module } from '@nestjs/common';
import { AdminController } from './admin.controller';
import { OperatorGuard } from './operator.guard';

@Module({ controllers: [AdminController], providers: [OperatorGuard] })
export class AdminModule {}
