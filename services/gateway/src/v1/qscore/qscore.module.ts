import { Module } from '@nestjs/common';
import { QscoreConsentsController } from './qscore-consents.controller';
import { QscoreReportsController } from './qscore-reports.controller';
import { SandboxQscoreController } from './sandbox-qscore.controller';
// credit scoring pages (issue 16, pages)
import { MyQscoreController } from './my-qscore.controller';

/**
 * The credit scoring API under /v1/qscore (decisions D10). Each part of issue 16 adds its
 * controllers at the end of the list.
 */
@Module({
  controllers: [
    QscoreReportsController,
    QscoreConsentsController,
    SandboxQscoreController,
    MyQscoreController,
  ],
})
export class QscoreApiModule {}
