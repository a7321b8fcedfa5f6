import { readAllInOneSettings, readDistributedSettings } from './settings';

describe('runtime settings', () => {
  it('gives the all-in-one runtime the defaults of decisions D1', () => {
    expect(readAllInOneSettings({})).toMatchObject({
      HOST: '127.0.0.1',
      PORT_TEST: 8080,
      PORT_LIVE: 8081,
      DATA_DIR: '.data',
      DATABASE_PREFIX: 'platform',
    });
  });
  it('refuses a bad value at boot, naming it', () => {
    expect(() => readAllInOneSettings({ PORT_TEST: 'eighty' })).toThrow(/PORT_TEST/);
    expect(() => readDistributedSettings({ DATABASE_URL: 'postgres://x@127.0.0.1/db' })).toThrow(
      /KAFKA_BROKERS/,
    );
  });
  it('splits the broker list of a distributed process', () => {
    const settings = readDistributedSettings({
      KAFKA_BROKERS: '127.0.0.1:9092, 127.0.0.1:9093',
      DATABASE_URL: 'postgres://x@127.0.0.1/db',
      ENVIRONMENT: 'live',
    });
    expect(settings).toMatchObject({
      KAFKA_BROKERS: ['127.0.0.1:9092', '127.0.0.1:9093'],
      ENVIRONMENT: 'live',
    });
  });
});
