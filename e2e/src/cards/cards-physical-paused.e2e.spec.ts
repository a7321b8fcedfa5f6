import { startPlatform, type E2ePlatform } from '../harness';
import {
  cardsClient,
  expectError,
  SHIPPING_ADDRESS,
  virtualCard,
  type CardsClient,
  type TestAccount,
} from '../clients';

/** Physical cards paused by the operator (`CARD_PHYSICAL_AVAILABLE=false`): virtual ones go on. */
describe('cards with physical cards paused', () => {
  let platform: E2ePlatform;
  let cards: CardsClient;
  let holder: TestAccount;

  beforeAll(async () => {
    platform = await startPlatform({
      label: 'cardphys',
      settings: { CARD_PHYSICAL_AVAILABLE: 'false' },
    });
    cards = cardsClient(platform.environments.test);
    holder = await cards.holder('cardphys');
  });
  afterAll(async () => platform.close());

  it('answers physical_temporarily_unavailable to a physical card and issues a virtual one', async () => {
    await expectError(
      await cards.issueRaw(
        holder,
        virtualCard({ type: 'physical', shipping_address: SHIPPING_ADDRESS }),
      ),
      400,
      'physical_temporarily_unavailable',
    );
    expect((await cards.list(holder)).cards).toEqual([]);
    expect((await cards.issue(holder)).status).toBe('active');
  });
});
