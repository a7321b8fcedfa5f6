import { Injectable } from '@nestjs/common';
import { convert } from 'html-to-text';
import {
  DomainError,
  IdempotencyKey,
  type AnnouncementResource,
  type BroadcastAnnouncementCommand,
  type ListAnnouncementsCommand,
} from '@platform/contracts';
import { announcementLocale, textOf, type PlainAnnouncement } from '../domain/announcement';
import { AnnouncementsRepository } from '../infrastructure/announcements.repository';

/** HTML to the text a person would read; scripts, styles and images say nothing. */
const plain = (html: string): string =>
  convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
    ],
  });

/**
 * Organization admins' announcements: stripped to plain text, then delivered to every active
 * account of the organization in its language (as `admin_announcement` on webhooks and streams).
 */
@Injectable()
export class AnnouncementsService {
  constructor(private readonly announcements: AnnouncementsRepository) {}

  async broadcast(
    command: BroadcastAnnouncementCommand,
    correlation_id: string | null,
  ): Promise<AnnouncementResource> {
    const idempotency_key = IdempotencyKey.parse(command.idempotency_key);
    const announcement = plainAnnouncement(command.announcement);
    const earlier = idempotency_key
      ? await this.announcements.findByKey(command.org_id, idempotency_key)
      : null;
    if (earlier) return replayed(earlier, announcement);
    const sent = await this.announcements.broadcast(
      { ...command, idempotency_key, announcement, correlation_id },
      (account_locale, org_locale) =>
        announcementLocale(account_locale, org_locale, announcement.body),
    );
    if (sent) return sent;
    // Another request with this key committed between the read and the insert.
    const winner = await this.announcements.findByKey(command.org_id, idempotency_key!);
    return replayed(winner!, announcement);
  }

  async list(query: ListAnnouncementsCommand): Promise<{ announcements: AnnouncementResource[] }> {
    return {
      announcements: await this.announcements.list(query.org_id, query.limit, query.offset),
    };
  }
}

function plainAnnouncement(
  written: BroadcastAnnouncementCommand['announcement'],
): PlainAnnouncement {
  const body: PlainAnnouncement['body'] = { en: textOf('body.en', plain(written.body.en)) };
  if (written.body.es !== undefined) body.es = textOf('body.es', plain(written.body.es));
  if (written.body.zh !== undefined) body.zh = textOf('body.zh', plain(written.body.zh));
  return { subject: textOf('subject', plain(written.subject)), body };
}

/** The announcement a key already sent; the same key with other words is a conflict. */
function replayed(earlier: AnnouncementResource, asked: PlainAnnouncement): AnnouncementResource {
  const languages = new Set([...Object.keys(earlier.body), ...Object.keys(asked.body)]);
  const same =
    earlier.subject === asked.subject &&
    [...languages].every(
      (language) => earlier.body[language] === asked.body[language as keyof typeof asked.body],
    );
  if (!same)
    throw new DomainError(
      'idempotency_conflict',
      'this idempotency_key already sent an announcement with other words',
    );
  return earlier;
}
