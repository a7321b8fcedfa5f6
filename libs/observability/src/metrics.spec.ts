import {
  addGaugeSource,
  createCounter,
  createHistogram,
  metricsContentType,
  metricsText,
} from './index';

describe('Prometheus metrics', () => {
  it('metricsText holds custom metrics beside the default process metrics', async () => {
    const payouts = createCounter({
      name: 'payouts_created_total',
      help: 'Payouts accepted',
      label_names: ['asset'] as const,
    });
    payouts.inc({ asset: 'USD' }, 2);
    createHistogram({
      name: 'bus_handle_seconds',
      help: 'Handler time',
      buckets: [0.1, 1],
    }).observe(0.5);

    const text = await metricsText();
    expect(text).toContain('# TYPE payouts_created_total counter');
    expect(text).toMatch(/^payouts_created_total\{asset="USD"\} 2$/m);
    expect(text).toMatch(/^bus_handle_seconds_bucket\{le="1"\} 1$/m);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(metricsContentType()).toContain('text/plain');
  });

  it('returns the already registered metric for a name, and refuses another type under it', () => {
    const first = createCounter({
      name: 'inbox_duplicates_total',
      help: 'Redelivered events skipped',
    });
    expect(
      createCounter({ name: 'inbox_duplicates_total', help: 'Redelivered events skipped' }),
    ).toBe(first);
    expect(() => createHistogram({ name: 'inbox_duplicates_total', help: 'clash' })).toThrow(
      /another type/,
    );
  });

  it('reads a gauge from its sources at scrape time, skipping a failing one and a removed one', async () => {
    const options = {
      name: 'test_rows_waiting',
      help: 'rows waiting',
      label_names: ['environment'] as const,
    };
    let waiting = 3;
    addGaugeSource(options, () =>
      Promise.resolve([{ labels: { environment: 'test' }, value: waiting }]),
    );
    addGaugeSource(options, () => Promise.reject(new Error('database down')));
    const remove = addGaugeSource(options, () =>
      Promise.resolve([{ labels: { environment: 'live' }, value: 7 }]),
    );
    const first = await metricsText();
    expect(first).toContain('test_rows_waiting{environment="test"} 3');
    expect(first).toContain('test_rows_waiting{environment="live"} 7');
    waiting = 0;
    remove();
    const second = await metricsText();
    expect(second).toContain('test_rows_waiting{environment="test"} 0');
    expect(second).not.toContain('environment="live"');
  });
});
