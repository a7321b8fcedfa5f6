import type { Admin, ITopicMetadata } from 'kafkajs';
import { TopicRegistry } from './topic-registry';

/** kafkajs's errors as the broker answers them (the shape `retriable`, `type`, `errors`). */
const unknownTopic = () =>
  Object.assign(new Error('This server does not host this topic-partition'), {
    type: 'UNKNOWN_TOPIC_OR_PARTITION',
    retriable: true,
  });
const invalidTopic = () =>
  Object.assign(new Error('The request attempted to perform an operation on an invalid topic'), {
    type: 'INVALID_TOPIC_EXCEPTION',
    retriable: false,
  });

/**
 * A stand-in for the broker's admin API with a script of answers: the failures a fresh KRaft
 * broker gives while its metadata catches up with its controller are hard to provoke on demand.
 */
function scriptedAdmin(script: {
  create: Array<Error | 'ok'>;
  leaders: Array<'none' | 'unknown' | 'ok'>;
  /** Answers of the leaders to a first request (listing offsets); 'ok' when the script is spent. */
  offsets?: Array<'not_leader' | 'ok'>;
}) {
  const calls = { create: 0, metadata: 0, offsets: 0 };
  const admin = {
    createTopics: async () => {
      const answer = script.create[Math.min(calls.create++, script.create.length - 1)];
      if (answer instanceof Error) throw answer;
      return true;
    },
    fetchTopicMetadata: async ({ topics }: { topics: string[] }) => {
      const answer = script.leaders[Math.min(calls.metadata++, script.leaders.length - 1)];
      if (answer === 'unknown') throw unknownTopic();
      return {
        topics: topics.map((name): ITopicMetadata => ({
          name,
          partitions: [0, 1].map((partitionId) => ({
            partitionId,
            leader: answer === 'ok' ? 1 : -1,
            partitionErrorCode: 0,
            replicas: [1],
            isr: [1],
          })),
        })),
      };
    },
    fetchTopicOffsets: async () => {
      if ((script.offsets ?? [])[calls.offsets++] === 'not_leader')
        throw Object.assign(new Error('This server is not the leader for that topic-partition'), {
          type: 'NOT_LEADER_FOR_PARTITION',
          retriable: true,
        });
      return [];
    },
  };
  return { admin: admin as unknown as Admin, calls };
}

const fast = { timeout_ms: 2_000, backoff: { initial_ms: 1, max_ms: 5 } };

describe('TopicRegistry', () => {
  it('retries a creation the broker refuses while its metadata catches up', async () => {
    const { admin, calls } = scriptedAdmin({
      create: [unknownTopic(), unknownTopic(), 'ok'],
      leaders: ['ok'],
    });
    await new TopicRegistry(admin, 2, fast).ensure(['a']);
    expect(calls.create).toBe(3);
  });

  it('waits until the broker serves every partition with a leader', async () => {
    const { admin, calls } = scriptedAdmin({
      create: ['ok'],
      leaders: ['unknown', 'none', 'unknown', 'ok'],
    });
    await new TopicRegistry(admin, 2, fast).ensure(['a', 'b']);
    expect(calls.metadata).toBe(4);
  });

  it('waits until the named leader answers for its partition', async () => {
    const { admin, calls } = scriptedAdmin({
      create: ['ok'],
      leaders: ['ok'],
      offsets: ['not_leader', 'not_leader', 'ok'],
    });
    await new TopicRegistry(admin, 2, fast).ensure(['a']);
    expect(calls.offsets).toBe(3);
  });

  it('takes a batch answer of "already exists" and retriable failures as retriable', async () => {
    const already = Object.assign(new Error('exists'), {
      type: 'TOPIC_ALREADY_EXISTS',
      retriable: false,
    });
    const batch = Object.assign(new Error('Topic creation errors'), {
      errors: [already, unknownTopic()],
    });
    const { admin, calls } = scriptedAdmin({ create: [batch, 'ok'], leaders: ['ok'] });
    await new TopicRegistry(admin, 2, fast).ensure(['a', 'b']);
    expect(calls.create).toBe(2);
  });

  it('fails at once on an error that retrying cannot cure, and lets the next caller retry', async () => {
    const { admin, calls } = scriptedAdmin({ create: [invalidTopic(), 'ok'], leaders: ['ok'] });
    const registry = new TopicRegistry(admin, 2, fast);
    await expect(registry.ensure(['bad'])).rejects.toThrow(/not created/);
    expect(calls.create).toBe(1);
    await registry.ensure(['bad']);
    expect(calls.create).toBe(2);
  });

  it('gives up once its time is spent, naming the topics', async () => {
    const { admin } = scriptedAdmin({ create: ['ok'], leaders: ['none'] });
    const registry = new TopicRegistry(admin, 2, { ...fast, timeout_ms: 30 });
    await expect(registry.ensure(['x', 'y'])).rejects.toThrow('topics without a leader: x, y');
  });

  it('creates each topic once for concurrent callers', async () => {
    const { admin, calls } = scriptedAdmin({ create: ['ok'], leaders: ['ok'] });
    const registry = new TopicRegistry(admin, 2, fast);
    await Promise.all([registry.ensure(['a']), registry.ensure(['a']), registry.ensure(['a'])]);
    expect(calls.create).toBe(1);
  });
});
