import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { OrganizationsService } from '../application/organizations.service';

/** Seeds the demo organization when the service starts (the event relay is wired in the module). */
@Injectable()
export class IdentityLifecycle implements OnApplicationBootstrap {
  constructor(private readonly organizations: OrganizationsService) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.organizations.seedDemo();
  }
}
