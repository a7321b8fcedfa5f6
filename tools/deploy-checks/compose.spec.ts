import { existsSync } from 'node:fs';
import path from 'node:path';
import { healthPortOf, type BusServiceName } from '@platform/runtime/health-ports';
import { readYaml, repo_root, serviceFolders } from './deploy-files';

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  environment?: Record<string, string | number>;
  depends_on?: string[] | Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  volumes?: string[];
  secrets?: string[];
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  secrets?: Record<string, { environment?: string; file?: string }>;
}

const compose = readYaml<ComposeFile>('docker-compose.yml');
const built_services = Object.entries(compose.services).filter(
  ([, service]) => service.build?.dockerfile === 'deploy/Dockerfile',
);

/** The host part of `scheme://host:port/...` or `host:port`. */
const hostOf = (address: string): string =>
  new URL(address.includes('://') ? address : `tcp://${address}`).hostname;

describe('docker-compose.yml', () => {
  it.each(serviceFolders())(
    'runs services/%s, built from deploy/Dockerfile with its SERVICE arg',
    (folder) => {
      const service = compose.services[folder];
      expect(service).toBeDefined();
      expect(service.build).toEqual({
        context: '.',
        dockerfile: 'deploy/Dockerfile',
        args: { SERVICE: folder },
      });
    },
  );

  it('builds nothing from the Dockerfile that is not a services/ folder', () => {
    const folders = serviceFolders();
    for (const [name, service] of built_services) {
      expect(folders).toContain(name);
      expect(service.build?.args?.SERVICE).toBe(name);
    }
    expect(built_services.map(([name]) => name).sort()).toEqual(folders);
  });

  it.each(built_services)(
    '%s gets the broker, database, collector and environment of this stack',
    (_name, service) => {
      const env = service.environment ?? {};
      for (const key of [
        'KAFKA_BROKERS',
        'DATABASE_URL',
        'OTEL_EXPORTER_OTLP_ENDPOINT',
        'ENVIRONMENT',
      ]) {
        expect(env).toHaveProperty(key);
      }
      // Addresses name services of this file, so a renamed container cannot strand the stack.
      const names = Object.keys(compose.services);
      for (const broker of String(env.KAFKA_BROKERS).split(','))
        expect(names).toContain(hostOf(broker));
      expect(names).toContain(hostOf(String(env.DATABASE_URL)));
      expect(names).toContain(hostOf(String(env.OTEL_EXPORTER_OTLP_ENDPOINT)));
      expect(String(env.ENVIRONMENT)).toMatch(/^(test|live|\$\{ENVIRONMENT:-(test|live)\})$/);
    },
  );

  it.each(built_services)(
    '%s has a healthcheck on /readyz of its own fixed port',
    (name, service) => {
      const env = service.environment ?? {};
      const port = name === 'gateway' ? String(env.PORT) : String(env.HEALTH_PORT);
      expect(port).toBe(
        name === 'gateway' ? '8080' : String(healthPortOf(name as BusServiceName, 'test')),
      );
      expect(env.HOST).toBe('0.0.0.0');
      expect(service.healthcheck?.test.join(' ')).toContain(`http://127.0.0.1:${port}/readyz`);
    },
  );

  it.each(built_services)(
    '%s reads OPERATOR_TOKEN from the operator_token secret, never from a plain setting',
    (_name, service) => {
      expect(service.secrets).toContain('operator_token');
      expect(service.environment?.OPERATOR_TOKEN_FILE).toBe('/run/secrets/operator_token');
      expect(service.environment).not.toHaveProperty('OPERATOR_TOKEN');
    },
  );

  it("defines the operator_token secret from the operator's environment", () => {
    expect(compose.secrets?.operator_token).toEqual({ environment: 'OPERATOR_TOKEN' });
  });

  it('runs the infrastructure: Kafka 3.9 KRaft, PostgreSQL 17, MinIO, a collector and Jaeger', () => {
    const { kafka, postgres, minio, jaeger } = compose.services;
    expect(kafka.image).toBe('apache/kafka:3.9.1');
    expect(kafka.environment?.KAFKA_PROCESS_ROLES).toBe('broker,controller');
    expect(postgres.image).toMatch(/^postgres:17(\.|-|$)/);
    expect(minio.image).toMatch(/^minio\/minio:/);
    expect(jaeger.image).toMatch(/^jaegertracing\//);
    expect(compose.services['otel-collector'].volumes).toContain(
      './deploy/otel-collector.yaml:/etc/otelcol/config.yaml:ro',
    );
  });

  it('sends traces from the collector to Jaeger', () => {
    interface CollectorConfig {
      exporters: Record<string, { endpoint: string }>;
      service: { pipelines: { traces: { receivers: string[]; exporters: string[] } } };
    }
    const collector = readYaml<CollectorConfig>('deploy/otel-collector.yaml');
    const traces = collector.service.pipelines.traces;
    expect(traces.receivers).toContain('otlp');
    const endpoints = traces.exporters.map((name) => collector.exporters[name]?.endpoint);
    expect(endpoints.map((endpoint) => endpoint && hostOf(endpoint))).toContain('jaeger');
  });

  it('depends only on services it defines, and mounts only files that exist', () => {
    for (const service of Object.values(compose.services)) {
      const depends_on = service.depends_on ?? [];
      const dependencies = Array.isArray(depends_on) ? depends_on : Object.keys(depends_on);
      for (const dependency of dependencies)
        expect(Object.keys(compose.services)).toContain(dependency);
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0];
        if (source.startsWith('./')) expect(existsSync(path.join(repo_root, source))).toBe(true);
      }
    }
  });
});
