import { Controller } from '@nestjs/common';
import { CARDS_COMMANDS, HEALTH_COMMANDS, type CommandRequest } from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { CardFees } from '../application/card-fees';
import { CardTransactions } from '../application/card-transactions';
import { CardsService } from '../application/cards.service';
import { BUSINESS_ACTIVITIES, catalogLocale, OCCUPATIONS, searchCatalog } from '../domain/catalogs';

type Request<K extends keyof typeof CARDS_COMMANDS> = CommandRequest<(typeof CARDS_COMMANDS)[K]>;

/** The service's only door: the commands it serves. */
@Controller()
export class CardsMessages {
  constructor(
    private readonly cards: CardsService,
    private readonly transactions: CardTransactions,
    private readonly fees: CardFees,
  ) {}

  @Handles(HEALTH_COMMANDS.cards)
  health() {
    return { service: 'cards', status: 'ok' as const };
  }

  @Handles(CARDS_COMMANDS.issue_card)
  issue(command: Request<'issue_card'>) {
    return this.cards.issue(command);
  }

  @Handles(CARDS_COMMANDS.get_card)
  get(command: Request<'get_card'>) {
    return this.cards.get(command);
  }

  @Handles(CARDS_COMMANDS.list_cards)
  list(command: Request<'list_cards'>) {
    return this.cards.list(command.account_id, command.limit, command.offset);
  }

  @Handles(CARDS_COMMANDS.activate_card)
  activate(command: Request<'activate_card'>) {
    return this.cards.activate(command);
  }

  @Handles(CARDS_COMMANDS.freeze_card)
  freeze(command: Request<'freeze_card'>) {
    return this.cards.freeze(command);
  }

  @Handles(CARDS_COMMANDS.unfreeze_card)
  unfreeze(command: Request<'unfreeze_card'>) {
    return this.cards.unfreeze(command);
  }

  @Handles(CARDS_COMMANDS.cancel_card)
  cancel(command: Request<'cancel_card'>) {
    return this.cards.cancel(command);
  }

  @Handles(CARDS_COMMANDS.reveal_card)
  reveal(command: Request<'reveal_card'>) {
    return this.cards.reveal(command);
  }

  @Handles(CARDS_COMMANDS.search_occupations)
  occupations(query: Request<'search_occupations'>) {
    return { entries: searchCatalog(OCCUPATIONS, query.q, catalogLocale(query.lang)) };
  }

  @Handles(CARDS_COMMANDS.search_business_activities)
  businessActivities(query: Request<'search_business_activities'>) {
    return { entries: searchCatalog(BUSINESS_ACTIVITIES, query.q, catalogLocale(query.lang)) };
  }

  @Handles(CARDS_COMMANDS.sandbox_transaction)
  transact(command: Request<'sandbox_transaction'>) {
    return this.transactions.simulate(command);
  }

  @Handles(CARDS_COMMANDS.list_transactions)
  listTransactions(command: Request<'list_transactions'>) {
    return this.transactions.list(
      command.account_id,
      command.card_id,
      command.limit,
      command.offset,
    );
  }

  @Handles(CARDS_COMMANDS.run_fees)
  runFees(command: Request<'run_fees'>) {
    return this.fees.runMonth(command.month, command.account_id);
  }
}
