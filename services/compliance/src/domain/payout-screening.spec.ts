import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseListFile } from './aml/list-formats';
import { screenPayout } from './payout-screening';

const LISTS = path.join(__dirname, '../../lists');
const lists = [
  ...parseListFile('ofac_sdn_csv', readFileSync(path.join(LISTS, 'ofac-sdn.sample.csv'), 'utf8')),
  ...parseListFile('opensanctions_csv', readFileSync(path.join(LISTS, 'pep.sample.csv'), 'utf8')),
];

const command = (beneficiary_name: string, local_amount: string) => ({
  payout_id: 'p1',
  account_id: 'a1',
  org_id: 'o1',
  country: 'BR',
  currency: 'BRL',
  local_amount,
  beneficiary_name,
});

describe('payout screening', () => {
  it('rejects the sandbox name REJECT before anything else', () => {
    expect(screenPayout(command('REJECT', '10.77'), 'test', lists).decision).toBe('reject');
    expect(screenPayout(command(' reject ', '10.00'), 'test', lists).decision).toBe('reject');
  });

  it('holds amounts ending .77 for the firewall in the test environment', () => {
    expect(screenPayout(command('Ana', '10.77'), 'test', lists)).toEqual({
      decision: 'hold',
      reason: 'sandbox_firewall_amount',
    });
  });

  it('processes everything else, and ignores the magic values in live', () => {
    expect(screenPayout(command('Ana', '10.70'), 'test', lists).decision).toBe('process');
    expect(screenPayout(command('REJECT', '10.77'), 'live', lists).decision).toBe('process');
  });

  it('screens the beneficiary with the AML matcher: sanctions reject, PEPs hold', () => {
    expect(screenPayout(command('Dmitri Volkov Aleksandrovich', '10.00'), 'live', lists)).toEqual({
      decision: 'reject',
      reason: 'aml_match',
    });
    expect(screenPayout(command('Northwind Maritime Ltd.', '10.00'), 'live', lists).decision).toBe(
      'reject',
    );
    expect(screenPayout(command('Elena Marquez Rojas', '10.00'), 'live', lists)).toEqual({
      decision: 'hold',
      reason: 'aml_potential_match',
    });
    expect(screenPayout(command('Juan SANCTIONED', '10.00'), 'test', lists).decision).toBe(
      'reject',
    );
    expect(screenPayout(command('Ana PEP', '10.00'), 'test', lists).decision).toBe('hold');
  });

  it.each([
    'Ana Silva',
    'Ada Lovelace',
    'Lucia Perez',
    'Juan Perez',
    'Grace Hopper',
    'Cafe Bom',
    'Acme Holdings LLC',
    'Loja Azul',
    'Bia',
  ])('the beneficiaries the other suites pay are clear: %s', (name) => {
    expect(screenPayout(command(name, '10.00'), 'test', lists).decision).toBe('process');
  });
});
