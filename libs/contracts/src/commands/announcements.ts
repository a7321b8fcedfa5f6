import { z } from 'zod';
import { defineCommand, PAGE_ROWS_MAX } from '../catalog/define';

/**
 * Announcements: an organization admin's message to every account of the organization, each in
 * its own language, delivered as the public event `admin_announcement` (webhooks and the stream).
 */
const MAX_SUBJECT_CHARS = 200;
const MAX_BODY_CHARS = 5_000;
const text = (max: number) => z.string().min(1).max(max);

/** `POST /v1/org/announcements` */
export const announcementBody = z
  .object({
    subject: text(MAX_SUBJECT_CHARS).describe('the subject line; HTML is stripped'),
    body: z
      .object({
        en: text(MAX_BODY_CHARS).describe('the message in English (required); HTML is stripped'),
        es: text(MAX_BODY_CHARS).optional().describe('in Spanish, for accounts that read Spanish'),
        zh: text(MAX_BODY_CHARS).optional().describe('in Chinese, for accounts that read Chinese'),
      })
      .strict()
      .describe('the message per language; an account reads its language, else English'),
    idempotency_key: z
      .string()
      .max(10_000)
      .optional()
      .describe('the same key sends the announcement once (also the `Idempotency-Key` header)'),
  })
  .strict();
export type AnnouncementBody = z.infer<typeof announcementBody>;

export const broadcastAnnouncementCommand = z
  .object({
    org_id: z.string().uuid(),
    admin_id: z.string().min(1).max(200),
    idempotency_key: z.string().max(10_000).nullable(),
    announcement: announcementBody.omit({ idempotency_key: true }),
  })
  .strict();
export type BroadcastAnnouncementCommand = z.infer<typeof broadcastAnnouncementCommand>;

export const announcementResource = z.object({
  broadcast_id: z.string(),
  subject: z.string().describe('as delivered: plain text'),
  body: z.record(z.string(), z.string()).describe('per language, as delivered: plain text'),
  recipients: z.number().int().describe('the accounts of the organization it was delivered to'),
  created_at: z.string().describe('ISO 8601 UTC timestamp'),
});
export type AnnouncementResource = z.infer<typeof announcementResource>;

export const listAnnouncementsCommand = z
  .object({
    org_id: z.string().uuid(),
    limit: z.number().int().min(1).max(PAGE_ROWS_MAX),
    offset: z.number().int().min(0),
  })
  .strict();
export type ListAnnouncementsCommand = z.infer<typeof listAnnouncementsCommand>;

export const ANNOUNCEMENT_COMMANDS = {
  broadcast_announcement: defineCommand({
    name: 'identity.broadcast_announcement',
    summary: "deliver an organization admin's announcement to each account in its language",
    request: broadcastAnnouncementCommand,
    reply: announcementResource,
  }),
  list_announcements: defineCommand({
    name: 'identity.list_announcements',
    summary: "an organization's announcements, newest first",
    request: listAnnouncementsCommand,
    reply: z.object({ announcements: z.array(announcementResource) }),
  }),
} as const;
