import { readStepMs } from './collection-connectors';

/** The payins service's settings, read once at boot; a bad value stops the service. */
export interface PayinsRuntimeSettings {
  step_ms: number;
  poll_ms: number;
  settlement_interval_ms: number;
  qr_expiry_ms: number | null;
}

const MAX_POLL_MS = 500;
const MIN_POLL_MS = 10;

export function readPayinsSettings(
  settings: Readonly<Record<string, string | undefined>>,
): PayinsRuntimeSettings {
  const step_ms = readStepMs(settings.SANDBOX_STEP_MS);
  return {
    step_ms,
    poll_ms:
      readMs(settings, 'PAYINS_POLL_MS') ?? Math.max(MIN_POLL_MS, Math.min(step_ms, MAX_POLL_MS)),
    settlement_interval_ms: readMs(settings, 'PAYINS_SETTLEMENT_INTERVAL_MS') ?? 60_000,
    qr_expiry_ms: readMs(settings, 'PAYINS_QR_EXPIRY_MS'),
  };
}

function readMs(
  settings: Readonly<Record<string, string | undefined>>,
  name: string,
): number | null {
  const value = settings[name];
  if (value === undefined || value === '') return null;
  if (!/^\d{1,10}$/.test(value)) throw new Error(`invalid ${name}: ${value}`);
  return Number(value);
}
