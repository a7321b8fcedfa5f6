import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CallbackSender, filteringLookup, type Resolver } from './callback-sender';

/** A DNS answer that changed since registration: the name now points at this machine. */
const rebindingDns: Resolver = (_hostname, _options, callback) =>
  callback(null, [{ address: '127.0.0.1', family: 4 }]);

describe('CallbackSender: connect-time address filter', () => {
  let server: http.Server;
  let port: number;
  const hits: string[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      hits.push(request.url ?? '');
      // A callback that never answers: the attempt must end at its timeout.
      if (request.url === '/silent') return;
      response.writeHead(request.url === '/redirect' ? 302 : 200, { location: '/target' }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => hits.splice(0));

  it('refuses a public-looking name that resolves to loopback (DNS rebinding)', async () => {
    const sender = new CallbackSender({ allow_loopback: false }, 2_000, rebindingDns);
    const outcome = await sender.post(`http://rebind.example:${port}/hook`, {}, Buffer.from('{}'));
    await sender.close();
    // http is refused for a public name too; over https the lookup refuses it first.
    expect(outcome).toMatchObject({ status: null, failure: 'callback_refused' });
    const secure = new CallbackSender({ allow_loopback: false }, 2_000, rebindingDns);
    const over_tls = await secure.post(
      `https://rebind.example:${port}/hook`,
      {},
      Buffer.from('{}'),
    );
    await secure.close();
    expect(over_tls).toMatchObject({ status: null, failure: 'callback_refused' });
    expect(hits).toEqual([]);
  });

  it('resolves the normalized name: a trailing dot does not slip past the hosts file', async () => {
    // As the system resolver here: `vm` is in /etc/hosts as 127.0.0.1, `vm.` is not found.
    const asked: string[] = [];
    const hostsFile: Resolver = (hostname, _options, callback) => {
      asked.push(hostname);
      if (hostname === 'vm') return callback(null, [{ address: '127.0.0.1', family: 4 }]);
      return callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []);
    };
    const sender = new CallbackSender({ allow_loopback: false }, 2_000, hostsFile);
    const outcome = await sender.post(`https://VM.:${port}/hook`, {}, Buffer.from('{}'));
    await sender.close();
    expect(outcome).toMatchObject({ status: null, failure: 'callback_refused' });
    expect(asked).toEqual(['vm']);
    expect(hits).toEqual([]);
  });

  it('filters resolved addresses and keeps the public ones', (done) => {
    const mixed: Resolver = (_hostname, _options, callback) =>
      callback(null, [
        { address: '10.0.0.1', family: 4 },
        { address: '93.184.216.34', family: 4 },
      ]);
    filteringLookup({ allow_loopback: false }, mixed)('hooks.example', {}, (error, address) => {
      expect(error).toBeNull();
      expect(address).toBe('93.184.216.34');
      done();
    });
  });

  it('delivers to loopback only with the development switch, and never follows a redirect', async () => {
    const sender = new CallbackSender({ allow_loopback: true }, 2_000, rebindingDns);
    const ok = await sender.post(`http://127.0.0.1:${port}/hook`, {}, Buffer.from('{}'));
    const moved = await sender.post(`http://localhost:${port}/redirect`, {}, Buffer.from('{}'));
    await sender.close();
    expect(ok).toMatchObject({ status: 200, failure: null });
    expect(moved).toMatchObject({ status: 302 });
    expect(hits).toEqual(['/hook', '/redirect']);
  });

  it('gives up on a silent callback at the attempt timeout', async () => {
    const sender = new CallbackSender({ allow_loopback: true }, 300, rebindingDns);
    const outcome = await sender.post(`http://127.0.0.1:${port}/silent`, {}, Buffer.from('{}'));
    await sender.close().catch(() => undefined);
    expect(outcome).toMatchObject({ status: null, failure: 'timeout' });
    expect(hits).toEqual(['/silent']);
  });
});
