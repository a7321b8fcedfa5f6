import type { Environment } from '@platform/contracts';
import { BUS_SERVICE_NAMES } from './context';

/**
 * The probe port of each bus service process (`/healthz`, `/readyz`, `/metrics`), fixed so that an
 * operator, a probe or the launcher finds it without asking: `base + n`, n the service's place in
 * BUS_SERVICE_NAMES (identity 1 ... notifications 8). The live environment's base is 100 above
 * the sandbox's, so both can run on one machine. HEALTH_PORT_BASE moves the whole table;
 * HEALTH_PORT overrides one process.
 *
 * Light on purpose (type-only imports): the launcher reads it without loading the runtime.
 */
export { BUS_SERVICE_NAMES } from './context';
export type BusServiceName = (typeof BUS_SERVICE_NAMES)[number];

export const DEFAULT_HEALTH_PORT_BASE: Readonly<Record<Environment, number>> = {
  test: 9100,
  live: 9200,
};

export function healthPortOf(
  service: BusServiceName,
  environment: Environment,
  base: number = DEFAULT_HEALTH_PORT_BASE[environment],
): number {
  return base + BUS_SERVICE_NAMES.indexOf(service) + 1;
}
