import path from 'node:path';
import { healthPortOf, type BusServiceName } from '@platform/runtime/health-ports';
import { readYaml, readYamlDocuments, serviceFolders } from './deploy-files';

interface Kustomization {
  namespace?: string;
  resources?: string[];
  configMapGenerator?: { name: string; behavior?: string; literals?: string[] }[];
}
interface Probe {
  httpGet?: { path: string; port: string | number };
}
interface Container {
  name: string;
  image: string;
  ports?: { name?: string; containerPort: number }[];
  env?: {
    name: string;
    value?: string;
    valueFrom?: { secretKeyRef?: { name: string; key: string } };
  }[];
  envFrom?: { configMapRef?: { name: string } }[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  securityContext?: { allowPrivilegeEscalation?: boolean };
}
interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  data?: Record<string, string>;
  spec?: {
    selector?: { matchLabels?: Record<string, string> } & Record<string, string>;
    template?: {
      metadata: { labels: Record<string, string> };
      spec: { containers: Container[]; securityContext?: { runAsNonRoot?: boolean } };
    };
    ports?: { name?: string; port: number; targetPort: string | number }[];
  };
}

const base_dir = 'deploy/k8s/base';
const base = readYaml<Kustomization>(`${base_dir}/kustomization.yaml`);
const manifests = (base.resources ?? []).flatMap((resource) =>
  readYamlDocuments<Manifest>(path.join(base_dir, resource)),
);
const find = (kind: string, name: string) =>
  manifests.find((manifest) => manifest.kind === kind && manifest.metadata.name === name);
const common_settings = Object.fromEntries(
  (
    base.configMapGenerator?.find((generator) => generator.name === 'platform-common')?.literals ??
    []
  ).map((literal) => literal.split(/=(.*)/s, 2) as [string, string]),
);

function containerOf(service: string): Container {
  const deployment = find('Deployment', service);
  const container = deployment?.spec?.template?.spec.containers.find((c) => c.name === service);
  if (!container) throw new Error(`no Deployment ${service} with a container ${service}`);
  return container;
}

/** A probe must target a port the container declares (by name or number). */
function probesDeclaredPort(container: Container, probe: Probe | undefined): boolean {
  const port = probe?.httpGet?.port;
  return (container.ports ?? []).some(
    (declared) => declared.name === port || declared.containerPort === port,
  );
}

describe('Kubernetes manifests (deploy/k8s)', () => {
  it('lists only manifests whose services exist, and every Deployment is a services/ folder', () => {
    const deployments = manifests
      .filter((m) => m.kind === 'Deployment')
      .map((m) => m.metadata.name);
    expect(deployments.sort()).toEqual(serviceFolders());
  });

  describe.each(serviceFolders())('services/%s', (service) => {
    it('has a Deployment of its image with liveness on /healthz and a readiness probe', () => {
      const container = containerOf(service);
      expect(container.image).toMatch(new RegExp(`/${service}:`));
      expect(container.livenessProbe?.httpGet?.path).toBe('/healthz');
      expect(container.readinessProbe?.httpGet?.path).toMatch(/^\/(healthz|readyz)$/);
      expect(probesDeclaredPort(container, container.livenessProbe)).toBe(true);
      expect(probesDeclaredPort(container, container.readinessProbe)).toBe(true);
      const port = container.ports?.[0]?.containerPort;
      expect(port).toBe(
        service === 'gateway' ? 8080 : healthPortOf(service as BusServiceName, 'test'),
      );
    });

    it('is ready only when /readyz says so (it checks the database and the bus)', () => {
      expect(containerOf(service).readinessProbe?.httpGet?.path).toBe('/readyz');
    });

    it('takes OPERATOR_TOKEN from the platform-keys secret, never from a literal', () => {
      const token = (containerOf(service).env ?? []).find(
        (variable) => variable.name === 'OPERATOR_TOKEN',
      );
      expect(token).toEqual({
        name: 'OPERATOR_TOKEN',
        valueFrom: { secretKeyRef: { name: 'platform-keys', key: 'operator_token' } },
      });
      expect(Object.keys(common_settings)).not.toContain('OPERATOR_TOKEN');
      expect(Object.keys(find('ConfigMap', `${service}-config`)?.data ?? {})).not.toContain(
        'OPERATOR_TOKEN',
      );
    });

    it('runs as non-root without privilege escalation', () => {
      const pod = find('Deployment', service)?.spec?.template?.spec;
      expect(pod?.securityContext?.runAsNonRoot).toBe(true);
      expect(containerOf(service).securityContext?.allowPrivilegeEscalation).toBe(false);
    });

    it('has a Service selecting its pods on a declared port', () => {
      const deployment = find('Deployment', service);
      const selector = find('Service', service)?.spec?.selector ?? {};
      expect(Object.keys(selector).length).toBeGreaterThan(0);
      expect(deployment?.spec?.selector?.matchLabels).toEqual(selector);
      expect(deployment?.spec?.template?.metadata.labels).toMatchObject(selector);
      const declared = (containerOf(service).ports ?? []).flatMap((port) => [
        port.name,
        port.containerPort,
      ]);
      for (const port of find('Service', service)?.spec?.ports ?? [])
        expect(declared).toContain(port.targetPort);
    });

    it('reads its own ConfigMap and the common settings, and the database URL from a Secret', () => {
      const config = find('ConfigMap', `${service}-config`);
      expect(config).toBeDefined();
      const own_port_key = service === 'gateway' ? 'PORT' : 'HEALTH_PORT';
      expect(config?.data?.[own_port_key]).toBe(
        String(containerOf(service).ports?.[0]?.containerPort),
      );
      expect(config?.data?.HOST).toBe('0.0.0.0');
      const config_refs = (containerOf(service).envFrom ?? []).map(
        (source) => source.configMapRef?.name,
      );
      expect(config_refs).toEqual(expect.arrayContaining(['platform-common', `${service}-config`]));
      expect((containerOf(service).env ?? []).map((variable) => variable.name)).toContain(
        'DATABASE_URL',
      );
    });
  });

  it('gives every service the broker, collector and environment settings', () => {
    for (const key of ['KAFKA_BROKERS', 'OTEL_EXPORTER_OTLP_ENDPOINT', 'ENVIRONMENT']) {
      expect(common_settings[key]).toBeTruthy();
    }
  });

  it.each(['test', 'live'])(
    'has a %s overlay in its own namespace with ENVIRONMENT set',
    (environment) => {
      const overlay = readYaml<Kustomization>(
        `deploy/k8s/overlays/${environment}/kustomization.yaml`,
      );
      expect(overlay.namespace).toBe(`platform-${environment}`);
      expect(overlay.resources).toEqual(['../../base']);
      const merge = overlay.configMapGenerator?.find(
        (generator) => generator.name === 'platform-common',
      );
      expect(merge?.behavior).toBe('merge');
      expect(merge?.literals).toContain(`ENVIRONMENT=${environment}`);
    },
  );

  it('deploys both environments from the top-level kustomization', () => {
    expect(readYaml<Kustomization>('deploy/k8s/kustomization.yaml').resources).toEqual([
      'overlays/test',
      'overlays/live',
    ]);
  });
});
