import type { Chain } from '../../domain/chains/chain';
import type { AddressRisk, DestinationScreening } from '../../application/withdrawals/ports';

/**
 * Placeholder until the address screening lists are merged: the sandbox rule of decisions D9
 * (an address ending `bad` is severe, `risk` high).
 */
export class SandboxDestinationScreening implements DestinationScreening {
  riskOf(_chain: Chain, address: string): Promise<AddressRisk> {
    const lowered = address.toLowerCase();
    if (lowered.endsWith('bad')) return Promise.resolve('severe');
    if (lowered.endsWith('risk')) return Promise.resolve('high');
    return Promise.resolve('low');
  }
}
