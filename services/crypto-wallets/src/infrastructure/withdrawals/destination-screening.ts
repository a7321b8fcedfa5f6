import type { AddressRisk, DestinationScreening } from '../../application/withdrawals/ports';
import type { Chain } from '../../domain/chains/chain';
import { addressRisk, type RiskLists } from '../../domain/screening/address-risk';

/**
 * A withdrawal's destination screened against the same flagged-address lists as address
 * screening and deposit senders (decisions D9): `severe` is held by the firewall.
 */
export class ListedDestinationScreening implements DestinationScreening {
  constructor(private readonly lists: RiskLists) {}

  riskOf(chain: Chain, address: string): Promise<AddressRisk> {
    return Promise.resolve(addressRisk(this.lists, chain, address).risk);
  }
}
