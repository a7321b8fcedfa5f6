import { Controller } from '@nestjs/common';
import { SUBSCRIPTIONS_COMMANDS, type CommandRequest } from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { SubscriptionCharger } from '../application/subscription-charger';
import { SubscriptionsService } from '../application/subscriptions.service';

type Request<K extends keyof typeof SUBSCRIPTIONS_COMMANDS> = CommandRequest<
  (typeof SUBSCRIPTIONS_COMMANDS)[K]
>;

/** The subscriptions' commands. */
@Controller()
export class SubscriptionsMessages {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly charger: SubscriptionCharger,
  ) {}

  @Handles(SUBSCRIPTIONS_COMMANDS.create)
  create(command: Request<'create'>) {
    return this.subscriptions.create(command);
  }

  @Handles(SUBSCRIPTIONS_COMMANDS.list)
  list(query: Request<'list'>) {
    return this.subscriptions.list(query);
  }

  @Handles(SUBSCRIPTIONS_COMMANDS.get)
  get(query: Request<'get'>) {
    return this.subscriptions.get(query);
  }

  @Handles(SUBSCRIPTIONS_COMMANDS.change)
  change(command: Request<'change'>) {
    return this.subscriptions.change(command);
  }

  @Handles(SUBSCRIPTIONS_COMMANDS.list_charges)
  listCharges(query: Request<'list_charges'>) {
    return this.subscriptions.listCharges(query);
  }

  @Handles(SUBSCRIPTIONS_COMMANDS.advance_sandbox)
  advance(command: Request<'advance_sandbox'>) {
    return this.charger.chargeNext(command.account_id, command.subscription_id);
  }
}
