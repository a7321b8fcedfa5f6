import { Module } from '@nestjs/common';
import { AmlController } from './aml.controller';

/** The public /v1/aml surface. */
@Module({ controllers: [AmlController] })
export class AmlApiModule {}
