import { Controller } from '@nestjs/common';
import {
  RISK_DISPUTE_COMMANDS,
  RISK_FRAUD_COMMANDS,
  RISK_MONITORING_COMMANDS,
  type CommandRequest,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { CreditDisputesService } from '../application/watch/credit-disputes.service';
import { FraudReportsService } from '../application/watch/fraud-reports.service';
import { MonitoringService } from '../application/watch/monitoring.service';
import { ScoreIndexService } from '../application/watch/score-index.service';

type Monitoring<K extends keyof typeof RISK_MONITORING_COMMANDS> = CommandRequest<
  (typeof RISK_MONITORING_COMMANDS)[K]
>;
type Dispute<K extends keyof typeof RISK_DISPUTE_COMMANDS> = CommandRequest<
  (typeof RISK_DISPUTE_COMMANDS)[K]
>;
type Fraud<K extends keyof typeof RISK_FRAUD_COMMANDS> = CommandRequest<
  (typeof RISK_FRAUD_COMMANDS)[K]
>;

/** Monitoring, disputes, fraud reports and the index (decisions D10). */
@Controller()
export class WatchMessages {
  constructor(
    private readonly monitoring: MonitoringService,
    private readonly disputes: CreditDisputesService,
    private readonly fraud: FraudReportsService,
    private readonly index: ScoreIndexService,
  ) {}

  @Handles(RISK_MONITORING_COMMANDS.start)
  start(command: Monitoring<'start'>) {
    return this.monitoring.start(command);
  }

  @Handles(RISK_MONITORING_COMMANDS.get)
  get(command: Monitoring<'get'>) {
    return this.monitoring.get(command);
  }

  @Handles(RISK_MONITORING_COMMANDS.stop)
  stop(command: Monitoring<'stop'>) {
    return this.monitoring.stop(command);
  }

  @Handles(RISK_MONITORING_COMMANDS.list)
  list(command: Monitoring<'list'>) {
    return this.monitoring.list(command);
  }

  @Handles(RISK_MONITORING_COMMANDS.index)
  scoreIndex(command: Monitoring<'index'>) {
    return this.index.distribution(command.account_id);
  }

  @Handles(RISK_MONITORING_COMMANDS.standing)
  standing(command: Monitoring<'standing'>) {
    return this.index.standing(command.account_id);
  }

  @Handles(RISK_DISPUTE_COMMANDS.open)
  openDispute(command: Dispute<'open'>) {
    return this.disputes.open(command);
  }

  @Handles(RISK_DISPUTE_COMMANDS.list)
  listDisputes(command: Dispute<'list'>) {
    return this.disputes.list(command);
  }

  @Handles(RISK_DISPUTE_COMMANDS.get)
  getDispute(command: Dispute<'get'>) {
    return this.disputes.get(command);
  }

  @Handles(RISK_DISPUTE_COMMANDS.decide)
  decideDispute(command: Dispute<'decide'>) {
    return this.disputes.decide(command);
  }

  @Handles(RISK_FRAUD_COMMANDS.create)
  createFraudReport(command: Fraud<'create'>) {
    return this.fraud.create(command);
  }

  @Handles(RISK_FRAUD_COMMANDS.get)
  getFraudReport(command: Fraud<'get'>) {
    return this.fraud.get(command);
  }
}
