import { Injectable } from '@nestjs/common';
import {
  type CryptoWithdrawalResource,
  DomainError,
  type GetCryptoWithdrawalCommand,
  type ListCryptoWithdrawalsCommand,
} from '@platform/contracts';
import { publicWithdrawal } from '../../domain/withdrawals/withdrawal-view';
import { WithdrawalServices } from '../../infrastructure/withdrawals/withdrawal-services';
import { WithdrawalsRepository } from '../../infrastructure/withdrawals/withdrawals.repository';

/** Reads of an account's withdrawals; another account's withdrawal is `not_found` (BOLA). */
@Injectable()
export class WithdrawalQueries {
  constructor(
    private readonly withdrawals: WithdrawalsRepository,
    private readonly services: WithdrawalServices,
  ) {}

  async get(command: GetCryptoWithdrawalCommand): Promise<CryptoWithdrawalResource> {
    const state = await this.withdrawals.find(command.withdrawal_id);
    if (!state || state.account_id !== command.account_id) {
      throw new DomainError('not_found', 'withdrawal not found');
    }
    return publicWithdrawal(state);
  }

  async list(
    command: ListCryptoWithdrawalsCommand,
  ): Promise<{ withdrawals: CryptoWithdrawalResource[] }> {
    const timezone =
      command.from || command.to ? await this.services.timezoneOf(command.org_id) : 'UTC';
    const states = await this.withdrawals.list({ ...command, timezone });
    return { withdrawals: states.map(publicWithdrawal) };
  }
}
