import { observabilitySettings } from '@platform/observability';
import { RUNTIME_SETTINGS, transferAreaSettings, type SettingsSchema } from '@platform/runtime';
import { gatewaySettingsSchema } from '@platform/svc-gateway';
import { BUS_SERVICES } from './services';

/** One settings schema and who parses it. */
export interface SettingsSource {
  read_by: string;
  schema: SettingsSchema;
}

/**
 * Every settings schema of the platform, in the order the configuration reference lists them:
 * the README's table is generated from these (`npm run docs:settings`).
 */
export const SETTINGS_CATALOG: readonly SettingsSource[] = [
  { read_by: 'every process', schema: observabilitySettings },
  { read_by: 'both runtimes', schema: RUNTIME_SETTINGS.secret_files },
  { read_by: 'both runtimes', schema: RUNTIME_SETTINGS.bus },
  { read_by: 'all-in-one runtime', schema: RUNTIME_SETTINGS.all_in_one },
  { read_by: 'distributed runtime', schema: RUNTIME_SETTINGS.distributed },
  { read_by: 'gateway', schema: gatewaySettingsSchema },
  { read_by: 'gateway, compliance, payouts', schema: transferAreaSettings },
  ...BUS_SERVICES.map((definition) => ({ read_by: definition.name, schema: definition.settings })),
];
