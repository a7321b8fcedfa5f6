import { startPlatform, type E2ePlatform } from '../harness';
import { bankingClient, expectError } from '../clients';

/**
 * Banking in the live environment: opening a banking customer needs an approved identity
 * verification, and the sandbox's simulated inbound transfers do not exist. (On its own so that
 * the banking suite, which the distributed tier runs too, needs no second deployment.)
 */
describe('banking in live', () => {
  let platform: E2ePlatform;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'banklive', live: true });
  });
  afterAll(async () => platform?.close());

  it('needs an approved verification in live, where the sandbox routes do not exist', async () => {
    const live = bankingClient(platform.environments.live);
    const unverified = await live.register('banklive');
    await expectError(await live.createCustomerRaw(unverified), 403, 'verification_required');
    await expectError(
      await live.inboundRaw(unverified, {
        account_id: '00000000-0000-4000-8000-000000000000',
        amount: '1.00',
      }),
      404,
      'not_found',
    );
  });
});
