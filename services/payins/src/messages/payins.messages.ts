import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  cardSessionCommand,
  listStoredCardsCommand,
  revokeStoredCardCommand,
  checkoutCollectCommand,
  collectPayinCommand,
  confirmPayinCommand,
  operatorConfirmPayinCommand,
  createDepositAccountCommand,
  listDepositAccountsCommand,
  setBankAliasCommand,
  createPayinCommand,
  DomainError,
  getCheckoutCommand,
  getPayinCommand,
  listPayinMethodsCommand,
  listPayinsCommand,
  parseCommand,
  payCheckoutByTransferCommand,
  payCheckoutMethodCommand,
  PAYINS_COMMANDS,
  refundPayinCommand,
  releaseSettlementCommand,
  getPayinReceiptCommand,
  simulateDepositCommand,
} from '@platform/contracts';
import { CheckoutService } from '../application/checkout.service';
import { CheckoutCollectService } from '../application/checkout-collect.service';
import { CheckoutTransferService } from '../application/checkout-transfer.service';
import { CollectService } from '../application/collect.service';
import { CollectionWorker } from '../application/collection-worker';
import { ConfirmationsService } from '../application/confirmations.service';
import { DepositAccountsService } from '../application/deposit-accounts.service';
import { payinView } from '../application/payin-view';
import { PayinsService } from '../application/payins.service';
import { RefundsService } from '../application/refunds.service';
import { PayinReceiptsService } from '../application/payin-receipts.service';
import { SandboxDepositsService } from '../application/sandbox-deposits.service';
import { StoredCardsService } from '../application/stored-cards.service';

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
  ) {}

  @MessagePattern('payins.get_health')
  health(): { service: string; status: 'ok' } {
    return { service: 'payins', status: 'ok' };
  }

  @MessagePattern(PAYINS_COMMANDS.create_payin)
  create(@Payload() payload: unknown) {
    return this.payins.create(parseCommand(createPayinCommand, payload));
  }

  @MessagePattern(PAYINS_COMMANDS.collect_payin)
  collect(@Payload() payload: unknown) {
    return this.collects.collect(parseCommand(collectPayinCommand, payload));
  }

  @MessagePattern(PAYINS_COMMANDS.request_collect_otp)
  requestCollectOtp(@Payload() payload: unknown) {
    return this.collects.requestOtp(parseCommand(collectPayinCommand, payload));
  }

  @MessagePattern(PAYINS_COMMANDS.create_deposit_account)
  createDepositAccount(@Payload() payload: unknown) {
    return this.deposits.create(parseCommand(createDepositAccountCommand, payload));
  }

  @MessagePattern(PAYINS_COMMANDS.list_deposit_accounts)
  listDepositAccounts(@Payload() payload: unknown) {
    return this.deposits.list(parseCommand(listDepositAccountsCommand, payload));
  }

  @MessagePattern(PAYINS_COMMANDS.set_bank_alias)
  setBankAlias(@Payload() payload: unknown) {
    return this.deposits.setBankAlias(parseCommand(setBankAliasCommand, payload));
  }

  @MessagePattern(PAYINS_COMMANDS.get_payin)
  get(@Payload() payload: unknown) {
    return this.payins.get(parseCommand(getPayinCommand, payload));
  }

  @MessagePattern(PAYINS_COMMANDS.list_payins)
  list(@Payload() payload: unknown) {
    return this.payins.list(parseCommand(listPayinsCommand, payload));
  }

  @MessagePattern(PAYINS_COMMANDS.list_methods)
  methods(@Payload() payload: unknown) {
    parseCommand(listPayinMethodsCommand, payload ?? {});
    return this.payins.methods();
  }

  @MessagePattern(PAYINS_COMMANDS.refund_payin)
  refund(@Payload() payload: unknown) {
    return this.refunds.refund(parseCommand(refundPayinCommand, payload));
  }

  /** An organization admin's early release of a scheduled card settlement. */
  @MessagePattern(PAYINS_COMMANDS.release_settlement)
  async release(@Payload() payload: unknown) {
    const { payin_id, org_id } = parseCommand(releaseSettlementCommand, payload);
    if (org_id !== undefined && !(await this.payins.belongsToOrg(payin_id, org_id)))
      throw new DomainError('not_found', 'payin not found');
    const settled = await this.worker.settle(payin_id);
    if (!settled || settled.kind !== 'payin') throw new DomainError('not_found', 'payin not found');
    if (settled.status !== 'credited')
      throw new DomainError('payin_not_credited', 'the payin has not been paid yet');
    return payinView(settled);
  }

  @MessagePattern(PAYINS_COMMANDS.get_receipt)
  receipt(@Payload() payload: unknown) {
    return this.receipts.receipt(parseCommand(getPayinReceiptCommand, payload));
  }

  /** The sandbox rail reports a deposit into a dedicated deposit account (test only). */
  @MessagePattern(PAYINS_COMMANDS.simulate_deposit)
  simulateDeposit(@Payload() payload: unknown) {
    return this.sandbox_deposits.simulate(parseCommand(simulateDepositCommand, payload));
  }

  @MessagePattern(PAYINS_COMMANDS.list_stored_cards)
  listCards(@Payload() payload: unknown) {
    return this.cards.list(parseCommand(listStoredCardsCommand, payload));
  }

  @MessagePattern(PAYINS_COMMANDS.revoke_stored_card)
  revokeCard(@Payload() payload: unknown) {
    return this.cards.revoke(parseCommand(revokeStoredCardCommand, payload));
  }

  @MessagePattern(PAYINS_COMMANDS.pay_checkout_collect)
  payCheckoutCollect(@Payload() payload: unknown) {
    return this.checkoutCollects.collect(parseCommand(checkoutCollectCommand, payload));
  }

  @MessagePattern(PAYINS_COMMANDS.request_checkout_collect_otp)
  checkoutCollectOtp(@Payload() payload: unknown) {
    return this.checkoutCollects.requestOtp(parseCommand(checkoutCollectCommand, payload));
  }

  @MessagePattern(PAYINS_COMMANDS.operator_confirm)
  operatorConfirm(@Payload() payload: unknown) {
    return this.confirmations.operatorConfirm(parseCommand(operatorConfirmPayinCommand, payload));
  }

  @MessagePattern(PAYINS_COMMANDS.confirm_received)
  confirmReceived(@Payload() payload: unknown) {
    return this.confirmations.received(parseCommand(confirmPayinCommand, payload));
  }

  @MessagePattern(PAYINS_COMMANDS.confirm_approve)
  confirmApprove(@Payload() payload: unknown) {
    return this.confirmations.approve(parseCommand(confirmPayinCommand, payload));
  }

  @MessagePattern(PAYINS_COMMANDS.confirm_cancel)
  confirmCancel(@Payload() payload: unknown) {
    return this.confirmations.cancel(parseCommand(confirmPayinCommand, payload));
  }

  @MessagePattern(PAYINS_COMMANDS.get_checkout_state)
  checkoutState(@Payload() payload: unknown) {
    return this.checkout.state(parseCommand(getCheckoutCommand, payload).token);
  }

  @MessagePattern(PAYINS_COMMANDS.get_checkout_quote)
  checkoutQuote(@Payload() payload: unknown) {
    return this.checkout.quote(parseCommand(getCheckoutCommand, payload).token);
  }

  @MessagePattern(PAYINS_COMMANDS.pay_checkout_method)
  payCheckout(@Payload() payload: unknown) {
    return this.checkout.payWithMethod(parseCommand(payCheckoutMethodCommand, payload));
  }

  @MessagePattern(PAYINS_COMMANDS.pay_checkout_by_transfer)
  payCheckoutByTransfer(@Payload() payload: unknown) {
    return this.transfers.payByTransfer(parseCommand(payCheckoutByTransferCommand, payload));
  }

  @MessagePattern(PAYINS_COMMANDS.get_card_session)
  cardSession(@Payload() payload: unknown) {
    return this.checkout.cardSession(parseCommand(cardSessionCommand, payload).token);
  }

  @MessagePattern(PAYINS_COMMANDS.submit_card_session)
  submitCard(@Payload() payload: unknown) {
    return this.checkout.submitCard(parseCommand(cardSessionCommand, payload).token);
  }
}
