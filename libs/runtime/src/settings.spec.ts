import { z } from 'zod';
import { parseSettings, readAllInOneSettings, readDistributedSettings } from './settings';

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
  it('creates topics of 3 partitions unless KAFKA_PARTITIONS says otherwise, at least 1', () => {
    const base = { KAFKA_BROKERS: '127.0.0.1:9092', DATABASE_URL: 'postgres://x@127.0.0.1/db' };
    expect(readDistributedSettings(base).KAFKA_PARTITIONS).toBe(3);
    expect(readDistributedSettings({ ...base, KAFKA_PARTITIONS: '12' }).KAFKA_PARTITIONS).toBe(12);
    for (const bad of ['0', '2.5', 'many']) {
      expect(() => readDistributedSettings({ ...base, KAFKA_PARTITIONS: bad })).toThrow(
        /KAFKA_PARTITIONS/,
      );
    }
  });
  it('parses a schema once into a frozen object; an empty value is an unset one', () => {
    const schema = z.object({
      STEP_MS: z.coerce.number().int().min(0).default(2000),
      LIST: z
        .string()
        .transform((text) => text.split(','))
        .default([]),
    });
    const parsed = parseSettings(schema, { STEP_MS: '', LIST: 'a,b', UNRELATED: 'x' });
    expect(parsed).toEqual({ STEP_MS: 2000, LIST: ['a', 'b'] });
    expect(Object.isFrozen(parsed)).toBe(true);
    expect(Object.isFrozen(parsed.LIST)).toBe(true);
  });
  it('names every bad value at once', () => {
    const schema = z.object({ A: z.coerce.number().int(), B: z.enum(['x', 'y']) });
    expect(() => parseSettings(schema, { A: '1.5', B: 'z' })).toThrow(
      /^invalid configuration: A: .+; B: .+$/,
    );
  });
});
