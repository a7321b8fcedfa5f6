import { z } from 'zod';
import { listPublicEventsCommand, replayPublicEventsCommand } from '@platform/contracts';

/**
 * The organization-wide history and replay an organization admin's `GET /v1/events` reads
 * (decisions D2). The same fields as the account commands, with `org_id` in place of
 * `account_id`. The gateway names these commands in v1/events/org-events.commands.ts; they
 * belong beside PUBLIC_EVENT_COMMANDS in libs/contracts once that file is open to edits.
 */
export const ORG_PUBLIC_EVENT_COMMANDS = {
  list_events: 'notifications.list_org_public_events',
  replay_events: 'notifications.replay_org_public_events',
} as const;

const org_id = z.string().min(1);

export const listOrgPublicEventsCommand = listPublicEventsCommand
  .omit({ account_id: true, org_id: true })
  .extend({ org_id })
  .strict();

export const replayOrgPublicEventsCommand = replayPublicEventsCommand
  .omit({ account_id: true, org_id: true })
  .extend({ org_id })
  .strict();
