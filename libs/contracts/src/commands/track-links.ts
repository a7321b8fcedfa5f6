import { z } from 'zod';
import { defineCommand } from '../catalog/define';
import { PAYIN_STATUSES } from './payins-replies';
import { PAYOUT_STATUSES } from './payouts-replies';

/**
 * Track links: a public page for one payout or payin that shows its status and dates, never
 * names, amounts or account numbers. The owner asks for the link; whoever holds it reads the page.
 */
const id = z.string().min(1).max(200);
const instant = z.string().describe('ISO 8601 UTC timestamp');

export const TRACK_KINDS = ['payout', 'payin'] as const;
export type TrackKind = (typeof TRACK_KINDS)[number];

/** `GET /v1/track-link?kind=&id=` */
export const trackLinkQuery = z
  .object({
    kind: z.enum(TRACK_KINDS).describe('what to track'),
    id: z.string().uuid().describe('the payout_id or payin_id'),
  })
  .strict();
export type TrackLinkQuery = z.infer<typeof trackLinkQuery>;

export const issueTrackLinkCommand = z.object({ account_id: id, resource_id: id }).strict();
export type IssueTrackLinkCommand = z.infer<typeof issueTrackLinkCommand>;
export const trackLinkIssued = z.object({
  code: z.string().describe('the public track code; the same one each time it is asked for'),
});
export type TrackLinkIssued = z.infer<typeof trackLinkIssued>;

/** `GET /v1/track-link`'s answer. */
export const trackLinkReply = trackLinkIssued.extend({
  track_url: z.string().url().describe('the public tracking page (HTML, en/es/zh), no credentials'),
});
export type TrackLinkReply = z.infer<typeof trackLinkReply>;

export const viewTrackCommand = z.object({ code: id }).strict();
export type ViewTrackCommand = z.infer<typeof viewTrackCommand>;

/** What anyone holding the code sees: the status and its dates, nothing else. */
export const trackView = z.object({
  kind: z.enum(TRACK_KINDS),
  status: z.enum([...new Set([...PAYOUT_STATUSES, ...PAYIN_STATUSES])] as [string, ...string[]]),
  created_at: instant,
  updated_at: instant.describe('the last change of status'),
  finished_at: instant
    .nullable()
    .describe('when it reached a final status (completed, credited, failed, ...), else null'),
  expires_at: instant.nullable().describe('a payin still to be paid: until when; else null'),
});
export type TrackView = z.infer<typeof trackView>;

export const TRACK_LINK_COMMANDS = {
  issue_payout_track_link: defineCommand({
    name: 'payouts.issue_track_link',
    summary: "the public track code of one of the account's payouts",
    request: issueTrackLinkCommand,
    reply: trackLinkIssued,
  }),
  view_payout_track: defineCommand({
    name: 'payouts.view_track',
    summary: 'the status and dates of the payout behind a track code',
    request: viewTrackCommand,
    reply: trackView,
  }),
  issue_payin_track_link: defineCommand({
    name: 'payins.issue_track_link',
    summary: "the public track code of one of the account's payins",
    request: issueTrackLinkCommand,
    reply: trackLinkIssued,
  }),
  view_payin_track: defineCommand({
    name: 'payins.view_track',
    summary: 'the status and dates of the payin behind a track code',
    request: viewTrackCommand,
    reply: trackView,
  }),
} as const;
