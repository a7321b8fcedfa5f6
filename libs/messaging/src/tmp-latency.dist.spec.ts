import { KafkaBus } from './kafka/kafka-bus';
import { kafkaTestNamespace } from './kafka/kafka-test-namespace';
jest.setTimeout(120_000);
const ns = kafkaTestNamespace('lat');
afterAll(() => ns.remove());
it('latency', async () => {
  const a = new KafkaBus({ brokers: ns.brokers, client_id: 'a', topic_prefix: ns.topic_prefix, max_wait_ms: Number(process.env.MW) });
  const b = new KafkaBus({ brokers: ns.brokers, client_id: 'b', topic_prefix: ns.topic_prefix, max_wait_ms: Number(process.env.MW) });
  await a.serve('lat.ping', async (p) => p);
  let got = 0;
  let t0 = 0;
  const lat: number[] = [];
  await a.subscribe({
    topics: ['lat.ev'],
    group: 'g',
    handler: async () => {
      lat.push(Date.now() - t0);
      got++;
    },
  });
  await b.request('lat.ping', 0);
  const rs: number[] = [];
  for (let i = 0; i < 100; i++) {
    const s = process.hrtime.bigint();
    await b.request('lat.ping', i);
    rs.push(Number(process.hrtime.bigint() - s) / 1e6);
  }
  rs.sort((x, y) => x - y);
  for (let i = 0; i < 50; i++) {
    t0 = Date.now();
    await b.publish('lat.ev', [{ id: String(i), payload: i }]);
    while (got <= i) await new Promise((r) => setTimeout(r, 1));
  }
  lat.sort((x, y) => x - y);
  const s = Date.now();
  await Promise.all(Array.from({ length: 500 }, (_, i) => b.request('lat.ping', i)));
  const par = Date.now() - s;
  console.log(
    `request p50 ${rs[50]?.toFixed(1)} p95 ${rs[95]?.toFixed(1)} ms; event p50 ${lat[25]} p95 ${lat[47]} ms; 500 parallel requests ${par} ms`,
  );
  await a.close();
  await b.close();
});
