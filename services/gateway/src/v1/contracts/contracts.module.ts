import { Module } from '@nestjs/common';
import { MyContractsController } from './my-contracts.controller';
import { OrgContractsController } from './org-contracts.controller';

/** Contracts (decisions D11): organization templates and envelopes, the account's signing. */
@Module({ controllers: [OrgContractsController, MyContractsController] })
export class ContractsApiModule {}
