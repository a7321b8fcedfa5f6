import { cpuProfileFlags } from './node-flags';

describe('cpuProfileFlags', () => {
  it('asks V8 for a profile in a directory per process name', () => {
    expect(cpuProfileFlags('/tmp/profiles', 'ledger')).toEqual([
      '--cpu-prof',
      '--cpu-prof-dir=/tmp/profiles/ledger',
    ]);
    expect(cpuProfileFlags('/tmp/profiles/', 'ledger-2')).toEqual([
      '--cpu-prof',
      '--cpu-prof-dir=/tmp/profiles/ledger-2',
    ]);
  });

  it('adds nothing without a directory', () => {
    expect(cpuProfileFlags(undefined, 'ledger')).toEqual([]);
    expect(cpuProfileFlags('', 'ledger')).toEqual([]);
  });
});
