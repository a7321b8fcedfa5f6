import type { ServiceDefinition } from '@platform/runtime';
import { complianceService } from '@platform/svc-compliance';
import { cryptoWalletsService } from '@platform/svc-crypto-wallets';
import { identityService } from '@platform/svc-identity';
import { ledgerService } from '@platform/svc-ledger';
import { notificationsService } from '@platform/svc-notifications';
import { payinsService } from '@platform/svc-payins';
import { payoutsService } from '@platform/svc-payouts';
import { riskScoringService } from '@platform/svc-risk-scoring';
// cards (issue 17)
import { cardsService } from '@platform/svc-cards';
import { bankingService } from '@platform/svc-banking';

/** Every bus service, in boot order: producers of reference data first. */
export const BUS_SERVICES: ServiceDefinition[] = [
  identityService,
  ledgerService,
  complianceService,
  riskScoringService,
  payoutsService,
  payinsService,
  cryptoWalletsService,
  cardsService,
  bankingService,
  notificationsService,
];
