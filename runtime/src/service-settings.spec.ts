import { InProcessBus } from '@platform/messaging';
import {
  bootService,
  parseSettings,
  type PlatformContext,
  type ServiceDefinition,
} from '@platform/runtime';
import { BUS_SERVICES } from './services';

/** A context whose settings are `raw_settings`; nothing else of it is reached before they parse. */
function contextWith(raw_settings: Record<string, string>): PlatformContext {
  return {
    environment: 'test',
    bus: new InProcessBus(),
    database_url: 'postgres://unused@127.0.0.1:1/unused',
    data_dir: '/nonexistent',
    raw_settings,
  };
}

const service = (name: string): ServiceDefinition => {
  const found = BUS_SERVICES.find((definition) => definition.name === name);
  if (!found) throw new Error(`no service ${name}`);
  return found;
};

describe('service settings at boot', () => {
  const stepping = BUS_SERVICES.filter(
    (definition) => 'SANDBOX_STEP_MS' in definition.settings.shape,
  );

  it('reads SANDBOX_STEP_MS with one definition, in every service with a sandbox simulator', () => {
    expect(stepping.map((definition) => definition.name).sort()).toEqual([
      'banking',
      'compliance',
      'crypto-wallets',
      'payins',
      'payouts',
    ]);
    for (const name of ['compliance', 'crypto-wallets', 'payins'])
      expect(service(name).settings.shape.SANDBOX_STEP_MS).toBe(
        service('payouts').settings.shape.SANDBOX_STEP_MS,
      );
  });

  // Payouts used to fall back to 2000 ms on these while payins refused them: both refuse now.
  it.each(['soon', '1e3', '-5', '2.5', ' 5', '0x10'])(
    'refuses to boot any of them on SANDBOX_STEP_MS=%j, naming it',
    async (value) => {
      for (const definition of stepping) {
        await expect(
          bootService(definition, contextWith({ SANDBOX_STEP_MS: value })),
        ).rejects.toThrow(
          /^invalid configuration: SANDBOX_STEP_MS: must be a whole number of milliseconds$/,
        );
      }
    },
  );

  it('names every bad value of a service at once', async () => {
    await expect(
      bootService(
        service('notifications'),
        contextWith({ WEBHOOK_POLL_MS: 'often', EVENTS_STREAM_LEASE_MS: '0', JWT_SECRET: 'short' }),
      ),
    ).rejects.toThrow(/JWT_SECRET: .*; WEBHOOK_POLL_MS: .*; EVENTS_STREAM_LEASE_MS: /);
  });

  it('gives every service its settings typed, with the defaults, and frozen', () => {
    for (const definition of BUS_SERVICES) {
      expect(Object.isFrozen(parseSettings(definition.settings, {}))).toBe(true);
    }
    // An empty value is an unset one (`SANDBOX_STEP_MS=` in a compose file).
    const payouts = parseSettings(service('payouts').settings, { SANDBOX_STEP_MS: '0' });
    expect(payouts).toMatchObject({ SANDBOX_STEP_MS: 0, PAYOUTS_CLAIM_RECOVERY_MS: 120_000 });
    const payins = parseSettings(service('payins').settings, { SANDBOX_STEP_MS: '' });
    expect(payins).toMatchObject({ SANDBOX_STEP_MS: 2000, PAYINS_SETTLEMENT_INTERVAL_MS: 60_000 });
  });
});
