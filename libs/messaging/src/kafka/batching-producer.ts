import type { Message, Producer } from 'kafkajs';

interface PendingSend {
  topic: string;
  messages: Message[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * The idempotent producer allows one request in flight, so concurrent sends would queue one
 * round trip each. Instead, what arrives while a request is in flight goes out together in the
 * next one: no added latency for a lone send, one round trip for a burst. Order is kept: sends
 * leave in the order they were made.
 */
export class BatchingProducer {
  private queue: PendingSend[] = [];
  private flushing = false;

  constructor(private readonly producer: Producer) {}

  send(topic: string, messages: Message[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ topic, messages, resolve, reject });
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue;
        this.queue = [];
        try {
          await this.producer.sendBatch({ acks: -1, topicMessages: byTopic(batch) });
          batch.forEach((send) => send.resolve());
        } catch (error) {
          batch.forEach((send) => send.reject(error));
        }
      }
    } finally {
      this.flushing = false;
    }
  }
}

function byTopic(sends: PendingSend[]): { topic: string; messages: Message[] }[] {
  const topics = new Map<string, Message[]>();
  for (const send of sends) {
    const messages = topics.get(send.topic) ?? [];
    messages.push(...send.messages);
    topics.set(send.topic, messages);
  }
  return [...topics].map(([topic, messages]) => ({ topic, messages }));
}
