import { DomainError } from '@platform/contracts';
import {
  COUNTERPARTY_ANSWERS,
  requireApproved,
  sandboxCounterpartyAnswer,
  travelRuleDemand,
  type TravelRuleInput,
} from './travel-rule';

const input = (overrides: Partial<TravelRuleInput> = {}): TravelRuleInput => ({
  usd_value: '1000.00',
  threshold_usd: '1000',
  wallet_type: 'hosted',
  travel_address: 'ta-ana@exchange',
  beneficiary_name: 'Ana Silva',
  ...overrides,
});

const codeOf = (work: () => unknown): string => {
  try {
    work();
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a domain error';
  }
  return 'no error';
};

describe('travel rule demand', () => {
  it('asks nothing below the threshold, whatever the fields', () => {
    expect(
      travelRuleDemand(
        input({ usd_value: '999.99', travel_address: null, beneficiary_name: null }),
      ),
    ).toEqual({ kind: 'not_required' });
    expect(travelRuleDemand(input({ usd_value: '999.99', wallet_type: 'self_hosted' }))).toEqual({
      kind: 'not_required',
    });
  });

  it('applies from the threshold itself (inclusive)', () => {
    expect(travelRuleDemand(input())).toEqual({
      kind: 'hosted',
      travel_address: 'ta-ana@exchange',
      beneficiary_name: 'Ana Silva',
    });
  });

  it('follows a configured threshold', () => {
    expect(travelRuleDemand(input({ usd_value: '150.00', threshold_usd: '100' })).kind).toBe(
      'hosted',
    );
    expect(travelRuleDemand(input({ usd_value: '99.99', threshold_usd: '100' })).kind).toBe(
      'not_required',
    );
  });

  it('needs the travel address, then the beneficiary name, of a hosted wallet', () => {
    expect(codeOf(() => travelRuleDemand(input({ travel_address: null })))).toBe(
      'travel_rule_required',
    );
    expect(
      codeOf(() => travelRuleDemand(input({ travel_address: null, beneficiary_name: null }))),
    ).toBe('travel_rule_required');
    expect(codeOf(() => travelRuleDemand(input({ beneficiary_name: null })))).toBe(
      'travel_rule_beneficiary_required',
    );
  });

  it('asks a self-hosted wallet for its link, not for Travel Rule fields', () => {
    expect(
      travelRuleDemand(
        input({ wallet_type: 'self_hosted', travel_address: null, beneficiary_name: null }),
      ),
    ).toEqual({ kind: 'self_hosted' });
  });
});

describe('counterparty answers', () => {
  it.each([
    ['vasp-reject', 'rejected', 'travel_rule_rejected'],
    ['vasp-pending', 'pending', 'travel_rule_pending'],
    ['vasp-PARTIAL', 'partial', 'travel_rule_incomplete_approval'],
    ['vasp-unavailable', 'unavailable', 'travel_rule_unavailable'],
    ['vasp-ok', 'approved', 'no error'],
  ] as const)('the sandbox answers %s with %s (%s)', (travel_address, answer, code) => {
    expect(sandboxCounterpartyAnswer(travel_address)).toBe(answer);
    expect(codeOf(() => requireApproved(answer))).toBe(code);
  });

  it('refuses every answer but approved', () => {
    const refused = COUNTERPARTY_ANSWERS.filter((answer) => answer !== 'approved');
    for (const answer of refused)
      expect(codeOf(() => requireApproved(answer))).toMatch(/^travel_rule_/);
  });
});
