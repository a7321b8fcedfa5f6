/**
 * kafkajs 2.2.4 keeps every broker connection's event loop busy while it has nothing to do.
 *
 * Its request queue re-arms a check after every check. With nothing pending and no throttle, the
 * delay it computes is negative, which Node runs as 1 ms: each connection of an idle client fires
 * a timer a thousand times a second (kafkajs issues 1556 and 1704). The fix proposed upstream
 * (pull request 1667) is not released, and 2.2.4 is kafkajs's last release. Measured on the
 * distributed runtime, every idle service spent 15-23 ms of CPU a second on this.
 *
 * `stopIdleRequestQueueTimers()` applies that fix to the queue's prototype: a check is scheduled
 * only while requests wait, at the end of the broker's throttle or after kafkajs's own 10 ms. A
 * request that can be sent at once is still sent at once, and a response still sends the next
 * waiting request (`fulfillRequest` checks the queue itself).
 */

/** The part of kafkajs's internal `RequestQueue` the fix reads and replaces. */
export interface KafkajsRequestQueue {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: ReturnType<typeof setTimeout> | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

/** kafkajs's interval between checks of a queue whose requests wait on in-flight ones. */
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

function scheduleCheckWhileRequestsWait(this: KafkajsRequestQueue): void {
  if (this.throttleCheckTimeoutId !== null || this.pending.length === 0) return;
  const until_unthrottled_ms = this.throttledUntil - Date.now();
  this.throttleCheckTimeoutId = setTimeout(
    () => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    },
    until_unthrottled_ms > 0 ? until_unthrottled_ms : CHECK_PENDING_REQUESTS_INTERVAL_MS,
  );
}

/** kafkajs's request queue class: not part of its typed API, so it is loaded by path. */
export function kafkajsRequestQueueClass(): { prototype: KafkajsRequestQueue } {
  return require('kafkajs/src/network/requestQueue') as { prototype: KafkajsRequestQueue };
}

/** Idempotent: the KafkaBus calls it before it makes its client. */
export function stopIdleRequestQueueTimers(): void {
  kafkajsRequestQueueClass().prototype.scheduleCheckPendingRequests =
    scheduleCheckWhileRequestsWait;
}
