import { Controller } from '@nestjs/common';
import { HEALTH_COMMANDS, PAYINS_COMMANDS, type CommandRequest } from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { CheckoutService } from '../application/checkout.service';
import { CheckoutCollectService } from '../application/checkout-collect.service';
import { CheckoutTransferService } from '../application/checkout-transfer.service';
import { CollectService } from '../application/collect.service';
import { CollectionWorker } from '../application/collection-worker';
import { ConfirmationsService } from '../application/confirmations.service';
import { DemoPayins } from '../application/demo-payins.service';
import { DepositAccountsService } from '../application/deposit-accounts.service';
import { payinView } from '../application/payin-view';
import { PayinsService } from '../application/payins.service';
import { RefundsService } from '../application/refunds.service';
import { PayinReceiptsService } from '../application/payin-receipts.service';
import { SandboxDepositsService } from '../application/sandbox-deposits.service';
import { StoredCardsService } from '../application/stored-cards.service';

/** The parsed request of one of the payins service's commands. */
type Request<K extends keyof typeof PAYINS_COMMANDS> = CommandRequest<(typeof PAYINS_COMMANDS)[K]>;

/** The service's only door: commands it serves and events it consumes. */
@Controller()
export class PayinsMessages {
  constructor(
    private readonly payins: PayinsService,
    private readonly refunds: RefundsService,
    private readonly checkout: CheckoutService,
    private readonly transfers: CheckoutTransferService,
    private readonly collects: CollectService,
    private readonly deposits: DepositAccountsService,
    private readonly worker: CollectionWorker,
    private readonly confirmations: ConfirmationsService,
    private readonly checkoutCollects: CheckoutCollectService,
    private readonly cards: StoredCardsService,
    private readonly receipts: PayinReceiptsService,
    private readonly sandbox_deposits: SandboxDepositsService,
    private readonly demo: DemoPayins,
  ) {}

  @Handles(HEALTH_COMMANDS.payins)
  health() {
    return { service: 'payins', status: 'ok' as const };
  }

  @Handles(PAYINS_COMMANDS.create_payin)
  create(command: Request<'create_payin'>) {
    return this.payins.create(command);
  }

  @Handles(PAYINS_COMMANDS.collect_payin)
  collect(command: Request<'collect_payin'>) {
    return this.collects.collect(command);
  }

  @Handles(PAYINS_COMMANDS.request_collect_otp)
  requestCollectOtp(command: Request<'request_collect_otp'>) {
    return this.collects.requestOtp(command);
  }

  @Handles(PAYINS_COMMANDS.create_deposit_account)
  createDepositAccount(command: Request<'create_deposit_account'>) {
    return this.deposits.create(command);
  }

  @Handles(PAYINS_COMMANDS.list_deposit_accounts)
  listDepositAccounts(query: Request<'list_deposit_accounts'>) {
    return this.deposits.list(query);
  }

  @Handles(PAYINS_COMMANDS.set_bank_alias)
  setBankAlias(command: Request<'set_bank_alias'>) {
    return this.deposits.setBankAlias(command);
  }

  @Handles(PAYINS_COMMANDS.get_payin)
  get(query: Request<'get_payin'>) {
    return this.payins.get(query);
  }

  @Handles(PAYINS_COMMANDS.list_payins)
  list(query: Request<'list_payins'>) {
    return this.payins.list(query);
  }

  @Handles(PAYINS_COMMANDS.list_methods)
  methods() {
    return this.payins.methods();
  }

  @Handles(PAYINS_COMMANDS.refund_payin)
  refund(command: Request<'refund_payin'>) {
    return this.refunds.refund(command);
  }

  /** An organization admin's (or the operator's) early release of a scheduled card settlement. */
  @Handles(PAYINS_COMMANDS.release_settlement)
  async release(command: Request<'release_settlement'>) {
    return payinView(await this.worker.release(command.payin_id, command.org_id));
  }

  @Handles(PAYINS_COMMANDS.get_receipt)
  receipt(query: Request<'get_receipt'>) {
    return this.receipts.receipt(query);
  }

  /** The sandbox rail reports a deposit into a dedicated deposit account (test only). */
  @Handles(PAYINS_COMMANDS.simulate_deposit)
  simulateDeposit(command: Request<'simulate_deposit'>) {
    return this.sandbox_deposits.simulate(command);
  }

  /** One credited payin of a new test account's demo history (identity asks at confirm). */
  @Handles(PAYINS_COMMANDS.seed_demo_payin)
  seedDemoPayin(command: Request<'seed_demo_payin'>) {
    return this.demo.seed(command);
  }

  @Handles(PAYINS_COMMANDS.list_stored_cards)
  listCards(query: Request<'list_stored_cards'>) {
    return this.cards.list(query);
  }

  @Handles(PAYINS_COMMANDS.revoke_stored_card)
  revokeCard(command: Request<'revoke_stored_card'>) {
    return this.cards.revoke(command);
  }

  @Handles(PAYINS_COMMANDS.pay_checkout_collect)
  payCheckoutCollect(command: Request<'pay_checkout_collect'>) {
    return this.checkoutCollects.collect(command);
  }

  @Handles(PAYINS_COMMANDS.request_checkout_collect_otp)
  checkoutCollectOtp(command: Request<'request_checkout_collect_otp'>) {
    return this.checkoutCollects.requestOtp(command);
  }

  @Handles(PAYINS_COMMANDS.operator_confirm)
  operatorConfirm(command: Request<'operator_confirm'>) {
    return this.confirmations.operatorConfirm(command);
  }

  @Handles(PAYINS_COMMANDS.confirm_received)
  confirmReceived(command: Request<'confirm_received'>) {
    return this.confirmations.received(command);
  }

  @Handles(PAYINS_COMMANDS.confirm_approve)
  confirmApprove(command: Request<'confirm_approve'>) {
    return this.confirmations.approve(command);
  }

  @Handles(PAYINS_COMMANDS.confirm_cancel)
  confirmCancel(command: Request<'confirm_cancel'>) {
    return this.confirmations.cancel(command);
  }

  @Handles(PAYINS_COMMANDS.get_checkout_state)
  checkoutState(query: Request<'get_checkout_state'>) {
    return this.checkout.state(query.token);
  }

  @Handles(PAYINS_COMMANDS.get_checkout_quote)
  checkoutQuote(query: Request<'get_checkout_quote'>) {
    return this.checkout.quote(query.token);
  }

  @Handles(PAYINS_COMMANDS.pay_checkout_method)
  payCheckout(command: Request<'pay_checkout_method'>) {
    return this.checkout.payWithMethod(command);
  }

  @Handles(PAYINS_COMMANDS.pay_checkout_by_transfer)
  payCheckoutByTransfer(command: Request<'pay_checkout_by_transfer'>) {
    return this.transfers.payByTransfer(command);
  }

  @Handles(PAYINS_COMMANDS.get_card_session)
  cardSession(query: Request<'get_card_session'>) {
    return this.checkout.cardSession(query.token);
  }

  @Handles(PAYINS_COMMANDS.get_pay_page_owner)
  payPageOwner(query: Request<'get_pay_page_owner'>) {
    return this.checkout.pageOwner(query.token);
  }

  @Handles(PAYINS_COMMANDS.submit_card_session)
  submitCard(command: Request<'submit_card_session'>) {
    return this.checkout.submitCard(command.token);
  }
}
