import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * `npm run start:distributed`: every service in its own process on KAFKA_BROKERS and
 * DATABASE_URL (both required), the gateway on PORT (default 8080). Stops them all on SIGTERM/SIGINT.
 */
const SERVICES = [
  'identity',
  'ledger',
  'compliance',
  'risk-scoring',
  'payouts',
  'payins',
  'crypto-wallets',
  'notifications',
  'gateway',
];
if (!process.env.KAFKA_BROKERS || !process.env.DATABASE_URL) {
  process.stderr.write(
    'start:distributed needs KAFKA_BROKERS and DATABASE_URL (npm run kafka:start gives 127.0.0.1:9092)\n',
  );
  process.exit(1);
}
const dist = path.resolve(__dirname, '..', '..');
const children: ChildProcess[] = SERVICES.map((service) =>
  spawn(process.execPath, [path.join(dist, 'services', service, 'src', 'main.js')], {
    stdio: 'inherit',
    env: process.env,
  }),
);
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
for (const child of children) child.once('exit', (code) => code !== 0 && code !== null && stop());
