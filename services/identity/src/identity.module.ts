import path from 'node:path';
import { Module, type DynamicModule } from '@nestjs/common';
import type { Pool } from 'pg';
import { createPrismaClient } from '@platform/persistence';
import {
  SERVICE_POOL,
  ServiceDatabaseModule,
  type PlatformContext,
  type ServiceDefinition,
} from '@platform/runtime';
import { OrganizationsService } from './application/organizations.service';
import { PrismaClient } from './infrastructure/generated/prisma/client';
import { IdentityLifecycle } from './infrastructure/identity-lifecycle';
import {
  IDENTITY_EVENTS,
  IDENTITY_PRISMA,
  openIdentityEventStore,
} from './infrastructure/identity-store';
import { OrgAdminsRepository } from './infrastructure/org-admins.repository';
import { OrganizationsRepository } from './infrastructure/organizations.repository';
import { IdentityMessages } from './messages/identity.messages';

/** Organizations, accounts, credentials and sessions. */
@Module({})
export class IdentityModule {
  static forRuntime(context: PlatformContext): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        ServiceDatabaseModule.forService('identity', context, {
          migrations: [{ dir: path.join(__dirname, '../migrations') }],
        }),
      ],
      controllers: [IdentityMessages],
      providers: [
        {
          provide: IDENTITY_EVENTS,
          inject: [SERVICE_POOL],
          useFactory: (pool: Pool) => openIdentityEventStore(pool, context.environment),
        },
        {
          provide: IDENTITY_PRISMA,
          inject: [SERVICE_POOL],
          useFactory: (pool: Pool) =>
            createPrismaClient(PrismaClient, { pool, schema: 'identity' }),
        },
        OrganizationsRepository,
        OrgAdminsRepository,
        OrganizationsService,
        IdentityLifecycle,
      ],
    };
  }
}

export const identityService: ServiceDefinition = {
  name: 'identity',
  module: (context) => IdentityModule.forRuntime(context),
};
