import { Module } from '@nestjs/common';
import { QscoreConsentsController } from './qscore-consents.controller';
import { QscoreReportsController } from './qscore-reports.controller';
import { SandboxQscoreController } from './sandbox-qscore.controller';

/**
 * The credit scoring API under /v1/qscore (decisions D10). Each part of issue 16 adds its
 * controllers at the end of the list.
 */
@Module({
  controllers: [QscoreReportsController, QscoreConsentsController, SandboxQscoreController],
})
export class QscoreApiModule {}
