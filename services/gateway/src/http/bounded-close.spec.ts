import { PassThrough } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { Agent, request } from 'undici';
import { useBoundedClose } from './bounded-close';

/** A server whose keep-alive outlasts the test: only the hook can end its connections in time. */
async function serverWith(
  grace_ms: number,
  handler: () => unknown,
): Promise<{ fastify: FastifyInstance; url: string }> {
  const fastify = Fastify({ keepAliveTimeout: 600_000 });
  useBoundedClose(fastify, grace_ms);
  fastify.get('/download', handler);
  const url = await fastify.listen({ port: 0, host: '127.0.0.1' });
  return { fastify, url };
}

describe('useBoundedClose', () => {
  const agent = new Agent({ keepAliveTimeout: 600_000 });
  afterAll(() => agent.close());

  it('lets a download under way when close begins finish, then ends its keep-alive connection', async () => {
    const body = new PassThrough();
    const { fastify, url } = await serverWith(600_000, () => body);
    body.write('first half, ');
    const reply = await request(`${url}/download`, { dispatcher: agent });
    const closed = fastify.close();
    body.end('second half');
    expect(await reply.body.text()).toBe('first half, second half');
    await expect(closed).resolves.toBeUndefined();
  });

  it('cuts a request that is still running when the grace is over', async () => {
    // Closed once the handler has the request: one that arrived after close began is answered 503.
    let arrived!: () => void;
    const running = new Promise<void>((resolve) => (arrived = resolve));
    const { fastify, url } = await serverWith(50, () => {
      arrived();
      return new Promise<string>(() => undefined);
    });
    const outcome = request(`${url}/download`, { dispatcher: agent }).then(
      (reply) => `answered ${reply.statusCode}`,
      () => 'cut',
    );
    await running;
    await expect(fastify.close()).resolves.toBeUndefined();
    expect(await outcome).toBe('cut');
  });
});
