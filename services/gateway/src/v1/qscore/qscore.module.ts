import { Module } from '@nestjs/common';
import { QscoreConsentsController } from './qscore-consents.controller';
import { QscoreReportsController } from './qscore-reports.controller';
import { SandboxQscoreController } from './sandbox-qscore.controller';
import { QscoreBatchesController } from './qscore-batches.controller';
// monitoring, disputes, fraud and the index (issue 16, watch)
import { QscoreDisputesController } from './qscore-disputes.controller';
import { QscoreFraudController } from './qscore-fraud.controller';
import { QscoreMonitoringController } from './qscore-monitoring.controller';
import { SandboxQscoreDisputesController } from './sandbox-qscore-disputes.controller';
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
    QscoreBatchesController,
    // monitoring, disputes, fraud and the index (issue 16, watch)
    QscoreMonitoringController,
    QscoreDisputesController,
    QscoreFraudController,
    SandboxQscoreDisputesController,
    MyQscoreController,
  ],
})
export class QscoreApiModule {}
