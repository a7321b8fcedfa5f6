import { Controller } from '@nestjs/common';
import {
  CRYPTO_WITHDRAWAL_COMMANDS,
  type CreateCryptoWithdrawalCommand,
  type DecideTravelRuleTransferCommand,
  type ListTravelRuleTransfersCommand,
  type GetCryptoWithdrawalCommand,
  type ListCryptoWithdrawalsCommand,
  type WithdrawalReviewOutcomeCommand,
} from '@platform/contracts';
import { Handles, type BusContext } from '@platform/messaging';
import { WithdrawalCreation } from '../application/withdrawals/withdrawal-creation';
import { WithdrawalQueries } from '../application/withdrawals/withdrawal-queries';
import { WithdrawalReviews } from '../application/withdrawals/withdrawal-reviews';
import { TravelRuleTransfersRepository } from '../infrastructure/travel-rule/travel-rule-transfers.repository';

/** The crypto withdrawals' commands. */
@Controller()
export class WithdrawalsMessages {
  constructor(
    private readonly creation: WithdrawalCreation,
    private readonly queries: WithdrawalQueries,
    private readonly reviews: WithdrawalReviews,
    private readonly travel_rule: TravelRuleTransfersRepository,
  ) {}

  @Handles(CRYPTO_WITHDRAWAL_COMMANDS.list_travel_rule_transfers)
  async travelRuleTransfers(command: ListTravelRuleTransfersCommand) {
    return { transfers: await this.travel_rule.list(command) };
  }

  @Handles(CRYPTO_WITHDRAWAL_COMMANDS.decide_travel_rule_transfer)
  decideTravelRuleTransfer(command: DecideTravelRuleTransferCommand) {
    return this.travel_rule.decide(command);
  }

  @Handles(CRYPTO_WITHDRAWAL_COMMANDS.create)
  create(command: CreateCryptoWithdrawalCommand, context: BusContext) {
    return this.creation.create(command, context.correlationId());
  }

  @Handles(CRYPTO_WITHDRAWAL_COMMANDS.get)
  get(command: GetCryptoWithdrawalCommand) {
    return this.queries.get(command);
  }

  @Handles(CRYPTO_WITHDRAWAL_COMMANDS.list)
  list(command: ListCryptoWithdrawalsCommand) {
    return this.queries.list(command);
  }

  @Handles(CRYPTO_WITHDRAWAL_COMMANDS.release_review)
  release(command: WithdrawalReviewOutcomeCommand, context: BusContext) {
    return this.reviews.release(command.withdrawal_id, context.correlationId());
  }

  @Handles(CRYPTO_WITHDRAWAL_COMMANDS.reject_review)
  reject(command: WithdrawalReviewOutcomeCommand, context: BusContext) {
    return this.reviews.reject(command.withdrawal_id, context.correlationId());
  }
}
