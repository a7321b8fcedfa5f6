import { LEDGER_COMMANDS, ok } from '@platform/contracts';
import { BusClient, InProcessBus } from '@platform/messaging';
import type { RateTableView } from '../domain/pricing';
import { OtherServices } from './other-services';

const TABLE: RateTableView = {
  assets: [{ asset: 'USD', usd_per_unit: '1' }],
  currencies: [{ currency: 'MXN', per_usd: '17.05' }],
};

describe('the rate table payouts prices with', () => {
  let bus: InProcessBus;
  let reads: number;
  let answer: 'table' | 'failure';

  beforeEach(async () => {
    bus = new InProcessBus();
    await bus.start();
    reads = 0;
    answer = 'table';
    await bus.serve(LEDGER_COMMANDS.get_rates.name, async () => {
      reads += 1;
      return answer === 'table'
        ? ok(TABLE)
        : { ok: false, error: 'recovery_pending', message: 'the ledger is restarting' };
    });
  });
  afterEach(() => bus.close());

  it('is read from the ledger once, then reused: it is configuration fixed while the ledger runs', async () => {
    const services = new OtherServices(new BusClient(bus));
    await expect(services.rates()).resolves.toEqual(TABLE);
    await expect(services.rates()).resolves.toEqual(TABLE);
    await expect(services.rates()).resolves.toEqual(TABLE);
    expect(reads).toBe(1);
  });

  it('is read again after a read that failed: a failure is never remembered', async () => {
    const services = new OtherServices(new BusClient(bus));
    answer = 'failure';
    await expect(services.rates()).rejects.toMatchObject({ code: 'recovery_pending' });
    answer = 'table';
    await expect(services.rates()).resolves.toEqual(TABLE);
    await expect(services.rates()).resolves.toEqual(TABLE);
    expect(reads).toBe(2);
  });
});
