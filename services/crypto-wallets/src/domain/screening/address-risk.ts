import type { Chain } from '../chains/chain';

export const RISK_LEVELS = ['low', 'medium', 'high', 'severe'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export interface AddressRisk {
  risk: RiskLevel;
  /** Why: the categories of every list entry that matched, sorted, no repeats. */
  categories: string[];
}

/** One flagged address of a configured list. */
export interface FlaggedAddress {
  chain: Chain;
  /** Compared without regard to case (EIP-55 and lower-case forms are the same address). */
  address: string;
  risk: RiskLevel;
  category: string;
}

export interface RiskLists {
  flagged: readonly FlaggedAddress[];
  /** The sandbox rules: an address ending `bad` is severe, one ending `risk` high (test only). */
  sandbox_rules: boolean;
}

const SANDBOX_RULES: readonly { suffix: string; risk: RiskLevel; category: string }[] = [
  { suffix: 'bad', risk: 'severe', category: 'sandbox_severe' },
  { suffix: 'risk', risk: 'high', category: 'sandbox_high' },
];

/**
 * The risk of `address` on `chain`: the highest of every flagged-list entry and sandbox rule that
 * matches it, `low` with no category when none does.
 */
export function addressRisk(lists: RiskLists, chain: Chain, address: string): AddressRisk {
  const key = address.toLowerCase();
  const matches = lists.flagged
    .filter((entry) => entry.chain === chain && entry.address.toLowerCase() === key)
    .map(({ risk, category }) => ({ risk, category }));
  if (lists.sandbox_rules)
    matches.push(...SANDBOX_RULES.filter((rule) => key.endsWith(rule.suffix)));
  const risk = matches.reduce<RiskLevel>((highest, match) => higher(highest, match.risk), 'low');
  return { risk, categories: [...new Set(matches.map((match) => match.category))].sort() };
}

function higher(left: RiskLevel, right: RiskLevel): RiskLevel {
  return RISK_LEVELS.indexOf(left) >= RISK_LEVELS.indexOf(right) ? left : right;
}
