import type { Provider, Type } from '@nestjs/common';
import type { Pool } from 'pg';
import type { PgEventStore } from '@platform/event-store';
import { SERVICE_POOL } from '@platform/runtime';
import { AccountStanding } from './application/account-standing';
import { ConsentsService } from './application/consents.service';
import { ConsentStore } from './infrastructure/consents.repository';
import { RISK_SCORING_EVENTS } from './infrastructure/risk-events';
import { ConsentsMessages } from './messages/consents.messages';

/** Consent links (spec §3, decisions D10). */
export const consentProviders: Provider[] = [
  {
    provide: ConsentStore,
    inject: [SERVICE_POOL],
    useFactory: (pool: Pool) => new ConsentStore(pool),
  },
  {
    provide: ConsentsService,
    inject: [SERVICE_POOL, ConsentStore, AccountStanding, RISK_SCORING_EVENTS],
    useFactory: (
      pool: Pool,
      consents: ConsentStore,
      standing: AccountStanding,
      events: PgEventStore,
    ) => new ConsentsService(pool, consents, standing, events),
  },
];

export const consentControllers: Type[] = [ConsentsMessages];
