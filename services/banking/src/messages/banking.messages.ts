import { Controller } from '@nestjs/common';
import { BANKING_COMMANDS, HEALTH_COMMANDS, type CommandRequest } from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { BankAccountsService } from '../application/bank-accounts.service';
import { CustomersService } from '../application/customers.service';
import { OperationsService } from '../application/operations.service';
import { ThirdPartiesService } from '../application/third-parties.service';
import { bankAccountResource, customerResource } from '../infrastructure/customers.repository';
import { operationResource } from '../infrastructure/operations.repository';
import { thirdPartyResource } from '../infrastructure/third-parties.repository';

type Request<K extends keyof typeof BANKING_COMMANDS> = CommandRequest<
  (typeof BANKING_COMMANDS)[K]
>;

/** The service's only door: the banking commands. */
@Controller()
export class BankingMessages {
  constructor(
    private readonly customers: CustomersService,
    private readonly accounts: BankAccountsService,
    private readonly third_parties: ThirdPartiesService,
    private readonly operations: OperationsService,
  ) {}

  @Handles(HEALTH_COMMANDS.banking)
  health() {
    return { service: 'banking', status: 'ok' as const };
  }

  @Handles(BANKING_COMMANDS.create_customer)
  async createCustomer(command: Request<'create_customer'>) {
    return customerResource(
      await this.customers.create(command.account_id, command.org_id, command.idempotency_key),
    );
  }

  @Handles(BANKING_COMMANDS.list_accounts)
  async listAccounts(command: Request<'list_accounts'>) {
    const accounts = await this.accounts.list(command.account_id);
    return { accounts: accounts.map(bankAccountResource) };
  }

  @Handles(BANKING_COMMANDS.get_account)
  async getAccount(command: Request<'get_account'>) {
    return bankAccountResource(
      await this.accounts.get(command.account_id, command.bank_account_id),
    );
  }

  @Handles(BANKING_COMMANDS.get_balance)
  balance(command: Request<'get_balance'>) {
    return this.accounts.balance(command.account_id, command.bank_account_id);
  }

  @Handles(BANKING_COMMANDS.create_third_party)
  async createThirdParty(command: Request<'create_third_party'>) {
    const { account_id, idempotency_key, ...input } = command;
    return thirdPartyResource(await this.third_parties.create(account_id, input, idempotency_key));
  }

  @Handles(BANKING_COMMANDS.list_third_parties)
  async listThirdParties(command: Request<'list_third_parties'>) {
    const rows = await this.third_parties.list(command.account_id, command.limit, command.offset);
    return { third_parties: rows.map(thirdPartyResource) };
  }

  @Handles(BANKING_COMMANDS.create_payment)
  async pay(command: Request<'create_payment'>) {
    const operation = await this.operations.pay({
      account_id: command.account_id,
      bank_account_id: command.bank_account_id,
      third_party_id: command.third_party_id,
      amount: command.amount,
      idempotency_key: command.idempotency_key,
    });
    return operationResource(operation);
  }

  @Handles(BANKING_COMMANDS.list_operations)
  async listOperations(command: Request<'list_operations'>) {
    const rows = await this.operations.list(command.account_id, command.limit, command.offset);
    return { operations: rows.map(operationResource) };
  }

  @Handles(BANKING_COMMANDS.get_operation)
  async getOperation(command: Request<'get_operation'>) {
    return operationResource(await this.operations.get(command.account_id, command.operation_id));
  }

  @Handles(BANKING_COMMANDS.simulate_inbound)
  async inbound(command: Request<'simulate_inbound'>) {
    return operationResource(
      await this.operations.receiveInbound({
        account_id: command.account_id,
        bank_account_id: command.bank_account_id,
        amount: command.amount,
      }),
    );
  }
}
