import { Module } from '@nestjs/common';
import { SandboxOnlyGuard } from '../payins/sandbox-deposits.controller';
import { PosController } from './pos.controller';
import { SandboxPosController } from './sandbox-pos.controller';

/** The POS surface: /v1/pos and the sandbox terminal processor. */
@Module({
  controllers: [PosController, SandboxPosController],
  providers: [SandboxOnlyGuard],
})
export class PosApiModule {}
