import { IDENTITY_COMMANDS } from '@platform/contracts';
import type { BusClient } from '@platform/messaging';
import type { OrganizationTimezones } from '../../application/proofs';

/** The zone of an organization that sets none, as payins' listings assume. */
const DEFAULT_TIMEZONE = 'America/New_York';

/** Organizations' time zones as identity knows them. */
export class BusOrganizationTimezones implements OrganizationTimezones {
  constructor(private readonly bus: BusClient) {}

  async timezoneOf(org_id: string): Promise<string> {
    const { organizations } = await this.bus.send(IDENTITY_COMMANDS.list_organizations, {});
    return organizations.find((entry) => entry.org_id === org_id)?.timezone ?? DEFAULT_TIMEZONE;
  }
}
