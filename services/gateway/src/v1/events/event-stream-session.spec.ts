import type { PositionedPublicEvent, PublicEventType } from '@platform/contracts';
import { EventStreamSession, type StreamSink } from './event-stream-session';

function sink(): StreamSink & { text: () => string; ended: boolean } {
  const chunks: string[] = [];
  return {
    ended: false,
    pending_bytes: 0,
    write(text) {
      chunks.push(text);
      return true;
    },
    end() {
      this.ended = true;
    },
    text: () => chunks.join(''),
  };
}

function event(
  position: number,
  type: PublicEventType = 'transfer_received',
): PositionedPublicEvent {
  return {
    position: String(position),
    account_id: 'a-1',
    org_id: 'o-1',
    event: {
      id: `evt_${position}`,
      type,
      created_at: '2026-01-01T00:00:00.000Z',
      livemode: false,
      data: { n: position },
    },
  };
}

function ids(text: string): string[] {
  return [...text.matchAll(/^id: (.*)$/gm)].map((match) => match[1] as string);
}

describe('EventStreamSession', () => {
  it('writes D7 frames: comment, snapshot without id, then id/event/data', () => {
    const out = sink();
    const session = new EventStreamSession(out, null);
    session.connected();
    session.snapshot({ balances: [] });
    session.goLive();
    session.live(event(1));
    expect(out.text()).toBe(
      ': connected\n\n' +
        'event: snapshot\ndata: {"balances":[]}\n\n' +
        `id: evt_1\nevent: transfer_received\ndata: ${JSON.stringify(event(1).event)}\n\n`,
    );
  });

  it('joins replay and live with no gap and no duplicate', () => {
    const out = sink();
    const session = new EventStreamSession(out, null);
    // Live events arrive while the replay is still reading the store.
    session.live(event(3));
    session.live(event(4));
    for (const position of [2, 3]) session.replayed(event(position));
    session.live(event(5));
    session.goLive();
    session.live(event(4)); // a redelivery
    session.live(event(6));
    expect(ids(out.text())).toEqual(['evt_2', 'evt_3', 'evt_4', 'evt_5', 'evt_6']);
  });

  it('sends only the requested types', () => {
    const out = sink();
    const session = new EventStreamSession(out, new Set<PublicEventType>(['payin_credited']));
    session.goLive();
    session.live(event(1, 'transfer_received'));
    session.live(event(2, 'payin_credited'));
    expect(ids(out.text())).toEqual(['evt_2']);
  });

  it('drops a client that does not keep up', () => {
    const out = sink();
    const slow = { ...out, pending_bytes: 5 * 1024 * 1024, end: () => (out.ended = true) };
    const session = new EventStreamSession(slow, null);
    session.heartbeat();
    expect(out.ended).toBe(true);
  });
});
