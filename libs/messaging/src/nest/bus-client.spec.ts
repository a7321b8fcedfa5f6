import { LEDGER_COMMANDS } from '@platform/contracts';
import { InProcessBus } from '../in-process-bus';
import { BusClient } from './bus-client';

// Commands about an account carry it as their partition key (RequestOptions.key), so on Kafka one
// instance of the serving service handles all of an account's commands.
describe('BusClient partition keys', () => {
  let bus: InProcessBus;
  let client: BusClient;
  let request: jest.SpyInstance;

  beforeEach(async () => {
    bus = new InProcessBus();
    await bus.start();
    await bus.serve('ledger.get_settlement', async () => ({
      ok: true,
      value: { settlement_asset: 'USD', payin_settlement_asset: 'USD' },
    }));
    await bus.serve('ledger.get_rates', async () => ({ ok: true, value: { rates: [] } }));
    client = new BusClient(bus);
    request = jest.spyOn(bus, 'request');
  });

  afterEach(() => bus.close());

  const keyOfLastRequest = () => (request.mock.calls.at(-1)?.[2] as { key?: string }).key;

  it('keys a command about an account by the account', async () => {
    await client.send(LEDGER_COMMANDS.get_settlement, { account_id: 'acct_1' });
    expect(keyOfLastRequest()).toBe('acct_1');
  });

  it('keeps a key the caller chose', async () => {
    await client.send(LEDGER_COMMANDS.get_settlement, { account_id: 'acct_1' }, { key: 'mine' });
    expect(keyOfLastRequest()).toBe('mine');
  });

  it('leaves a command about no account to a key of its own', async () => {
    await client.send(LEDGER_COMMANDS.get_rates, {});
    expect(keyOfLastRequest()).toBeUndefined();
  });
});
