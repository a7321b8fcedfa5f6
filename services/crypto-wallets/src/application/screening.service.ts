import { DomainError, type AddressScreeningResource } from '@platform/contracts';
import { parseAddress } from '../domain/chains/addresses';
import { isChain, type Network } from '../domain/chains/chain';
import { addressRisk, type RiskLists } from '../domain/screening/address-risk';
import type { ScreeningRepository } from '../infrastructure/screening.repository';

/** Screens blockchain addresses against the flagged-address lists, for the account (D9). */
export class ScreeningService {
  constructor(
    private readonly screenings: ScreeningRepository,
    private readonly lists: RiskLists,
    private readonly network: Network,
  ) {}

  async screen(request: {
    account_id: string;
    chain: string;
    address: string;
  }): Promise<AddressScreeningResource> {
    const { chain } = request;
    if (!isChain(chain))
      throw new DomainError('unsupported_chain', 'chain must be tron, eth or btc');
    const address = parseAddress(chain, this.network, request.address);
    if (!address) throw new DomainError('invalid_payload', `address is not a ${chain} address`);
    return this.screenings.insert(
      request.account_id,
      chain,
      address,
      addressRisk(this.lists, chain, address),
    );
  }

  async list(account_id: string, limit: number, offset: number) {
    return { screenings: await this.screenings.list(account_id, limit, offset) };
  }
}
