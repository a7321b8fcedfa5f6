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
    const { fastify, url } = await serverWith(50, () => new Promise<string>(() => undefined));
    const reply = request(`${url}/download`, { dispatcher: agent });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(fastify.close()).resolves.toBeUndefined();
    await expect(reply).rejects.toThrow();
  });
});
