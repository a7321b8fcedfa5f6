import { Controller, Get, Headers, Inject, Query, Req, Res } from '@nestjs/common';
import {
  ApiHeader,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCOUNT_SETTINGS_COMMANDS,
  DomainError,
  isPublicEventType,
  LEDGER_COMMANDS,
  ORG_PUBLIC_EVENT_COMMANDS,
  PUBLIC_EVENT_COMMANDS,
  parseFilterDate,
  publicEvent,
  type ListPublicEventsCommand,
  type PublicEventType,
  type ReplayPublicEventsCommand,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import type { AuthenticatedPrincipal } from '../../auth/principal';
import {
  ApiCredentials,
  ApiReply,
  listingPage,
  pageBody,
  parsePagination,
  type PaginationQuery,
  ApiDateFilters,
  ApiPagination,
} from '../../http';
import { EventStreamSession } from './event-stream-session';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../../gateway.settings';
import { PublicEventsFeed } from './public-events-feed';
import { CurrentCaller, scopeOf } from './stream-caller';
import { StreamLeases, type StreamLease } from './stream-leases';

interface EventsQuery extends PaginationQuery {
  types?: unknown;
  from?: unknown;
  to?: unknown;
  snapshot?: unknown;
  last_event_id?: unknown;
}

const REPLAY_PAGE = 500;
/** Spec §1: the default organization timezone. */
const DEFAULT_TIMEZONE = 'America/New_York';

/** `?types=a,b` or repeated `types=`; each a public event name (D7) else invalid_event_type. */
export function parseTypes(value: unknown): PublicEventType[] | null {
  if (value === undefined || value === '') return null;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((part) =>
    typeof part === 'string' ? part.split(',') : [String(part)],
  );
  const types = parts.map((part) => part.trim()).filter((part) => part !== '');
  for (const type of types) {
    if (!isPublicEventType(type)) {
      throw new DomainError('invalid_event_type', `unknown event type ${JSON.stringify(type)}`);
    }
  }
  return types.length === 0 ? null : (types as PublicEventType[]);
}

function optionalText(name: string, value: unknown): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string')
    throw new DomainError('invalid_request', `${name} must be a string`);
  return value;
}

function wantsJson(accept: string | undefined): boolean {
  return /\bapplication\/json\b/i.test(accept ?? '') && !/text\/event-stream/i.test(accept ?? '');
}

/** `GET /v1/events`: the stream (Server-Sent Events) or, with Accept: application/json, history. */
@ApiTags('events')
@ApiCredentials()
@Controller('v1/events')
export class EventsController {
  constructor(
    private readonly bus: BusClient,
    private readonly feed: PublicEventsFeed,
    private readonly leases: StreamLeases,
    @Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings,
  ) {}

  @Get()
  @ApiProduces('text/event-stream', 'application/json')
  @ApiOperation({
    summary: 'Live event stream (SSE), or the 90-day history as a listing',
    description:
      'Account credentials see their account’s events; an organization admin’s session ' +
      'sees the events of every account of its organization, in one order ' +
      'usable for Last-Event-ID across the organization. ' +
      'Accept: application/json answers {page, page_size, has_more, events} newest first, filtered by ' +
      'from/to (YYYY-MM-DD, organization timezone) and types. Otherwise a Server-Sent Events ' +
      'stream of those events: headers and ": connected" at once, a comment every ' +
      '15 s, frames with id:/event:/data: ({id, type, created_at, livemode, data}). ' +
      'Last-Event-ID (header or ?last_event_id=) replays what came after that event with no ' +
      'gap and no duplicate; an id no longer stored replays nothing. ?snapshot=true sends one ' +
      '"event: snapshot" frame (no id) with the account’s balances first; an organization ' +
      'admin holds no account and no balances, so its stream sends no snapshot frame. Limits, ' +
      'shared by every gateway of the environment: 600 openings per address over the last ' +
      'hour (429 rate_limited; an opening refused for too many streams still counts); ' +
      'concurrent streams per account (or per organization admin) and per organization, ' +
      'admins’ streams included (429 too_many_streams). A stream holds its slot while it is ' +
      'open and gives it back as soon as it closes; the server renews the slot with each ' +
      'heartbeat, so a slot whose server went away frees itself within 60 s. A stream whose ' +
      'slot lapsed meanwhile is ended: reconnect with Last-Event-ID. When the limits cannot be ' +
      'checked, no stream opens: 503 stream_unavailable, retry later.',
  })
  @ApiQuery({ name: 'types', required: false, description: 'comma-separated event names' })
  @ApiQuery({ name: 'snapshot', required: false, enum: ['true', 'false'] })
  @ApiQuery({ name: 'last_event_id', required: false })
  @ApiDateFilters()
  @ApiPagination()
  @ApiHeader({ name: 'Last-Event-ID', required: false })
  @ApiReply(
    listingPage('events', publicEvent),
    200,
    'Accept: application/json, the history; otherwise the text/event-stream described above',
  )
  @ApiResponse({
    status: 429,
    description: '`rate_limited` (openings per address) or `too_many_streams` (stream opening)',
  })
  @ApiResponse({
    status: 503,
    description: '`stream_unavailable`: the stream limits cannot be checked now; retry later',
  })
  @RequireCredentialLevel('account_or_org_admin')
  async events(
    @CurrentCaller() principal: AuthenticatedPrincipal,
    @Query() query: EventsQuery,
    @Headers('accept') accept: string | undefined,
    @Headers('last-event-id') last_event_header: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const types = parseTypes(query.types);
    if (wantsJson(accept)) {
      await reply.send(await this.history(principal, query, types));
      return;
    }
    const last_event_id =
      optionalText('Last-Event-ID', last_event_header) ??
      optionalText('last_event_id', query.last_event_id);
    const lease = await this.leases.open(principal, request.ip);
    try {
      // An organization admin has no balances of its own: no snapshot frame (documented above).
      const snapshot =
        query.snapshot === 'true' && principal.kind !== 'org_admin'
          ? await this.balances(principal.account_id)
          : undefined;
      this.stream(reply, principal, { types, last_event_id, snapshot, lease });
    } catch (error) {
      lease.release();
      throw error;
    }
  }

  private async history(
    principal: AuthenticatedPrincipal,
    query: EventsQuery,
    types: PublicEventType[] | null,
  ) {
    const pagination = parsePagination(query);
    const from = parseFilterDate('from', query.from);
    const to = parseFilterDate('to', query.to);
    const timezone = from || to ? await this.timezoneOf(principal) : DEFAULT_TIMEZONE;
    const reply = await this.listEvents(principal, {
      ...(types ? { types } : {}),
      from,
      to,
      timezone,
      limit: pagination.limit,
      offset: pagination.offset,
    });
    return pageBody('events', pagination, reply.events);
  }

  /** An account's history, or (an organization admin) every account's of its organization. */
  private listEvents(
    principal: AuthenticatedPrincipal,
    filter: Omit<ListPublicEventsCommand, 'account_id' | 'org_id'>,
  ) {
    return principal.kind === 'org_admin'
      ? this.bus.send(ORG_PUBLIC_EVENT_COMMANDS.list_events, {
          org_id: principal.org_id,
          ...filter,
        })
      : this.bus.send(PUBLIC_EVENT_COMMANDS.list_events, {
          account_id: principal.account_id,
          ...filter,
        });
  }

  /** Spec §1: `from`/`to` are dates in the organization's timezone (`GET /v1/branding`). */
  private async timezoneOf(principal: AuthenticatedPrincipal): Promise<string> {
    const branding =
      principal.kind === 'org_admin'
        ? await this.bus.send(ACCOUNT_SETTINGS_COMMANDS.get_org_branding, {
            org_id: principal.org_id,
          })
        : await this.bus.send(ACCOUNT_SETTINGS_COMMANDS.get_branding, {
            account_id: principal.account_id,
          });
    return branding.timezone;
  }

  private balances(account_id: string): Promise<unknown> {
    return this.bus.send(LEDGER_COMMANDS.get_balances, { account_id });
  }

  private stream(
    reply: FastifyReply,
    principal: AuthenticatedPrincipal,
    options: {
      types: PublicEventType[] | null;
      last_event_id: string | undefined;
      snapshot: unknown;
      lease: StreamLease;
    },
  ): void {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.socket?.setNoDelay(true);
    const session = new EventStreamSession(
      {
        write: (text) => raw.write(text),
        get pending_bytes() {
          return raw.writableLength;
        },
        end: () => raw.end(),
      },
      options.types ? new Set(options.types) : null,
    );
    // Live first, held back during the replay: nothing committed meanwhile can fall between.
    const stop_listening = this.feed.listen(
      scopeOf(principal),
      (event) => session.live(event),
      () => session.close(),
    );
    const heartbeat = setInterval(
      () => session.heartbeat(),
      this.settings.EVENTS_STREAM_HEARTBEAT_MS,
    );
    const ended = () => {
      clearInterval(heartbeat);
      stop_listening();
      options.lease.release();
      session.close();
    };
    raw.on('close', ended);
    // A client gone while the slot was being taken never emits 'close' again.
    if (raw.destroyed) ended();
    options.lease.whenLost(() => session.close());
    session.connected();
    if (options.snapshot !== undefined) session.snapshot(options.snapshot);
    void this.replay(session, principal, options).catch(() => session.close());
  }

  private async replay(
    session: EventStreamSession,
    principal: AuthenticatedPrincipal,
    options: { types: PublicEventType[] | null; last_event_id: string | undefined },
  ): Promise<void> {
    let after: { after_event_id: string } | { after_position: string } | null =
      options.last_event_id ? { after_event_id: options.last_event_id } : null;
    while (after) {
      const page = await this.replayEvents(principal, {
        ...after,
        ...(options.types ? { types: options.types } : {}),
        limit: REPLAY_PAGE,
      });
      for (const event of page.events) session.replayed(event);
      const last = page.events.at(-1);
      after = last && page.events.length === REPLAY_PAGE ? { after_position: last.position } : null;
    }
    session.goLive();
  }

  private replayEvents(
    principal: AuthenticatedPrincipal,
    after: Omit<ReplayPublicEventsCommand, 'account_id' | 'org_id'>,
  ) {
    return principal.kind === 'org_admin'
      ? this.bus.send(ORG_PUBLIC_EVENT_COMMANDS.replay_events, {
          org_id: principal.org_id,
          ...after,
        })
      : this.bus.send(PUBLIC_EVENT_COMMANDS.replay_events, {
          account_id: principal.account_id,
          ...after,
        });
  }
}
