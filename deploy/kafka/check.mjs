// Readiness of the local Kafka: a kafkajs admin that can describe the cluster. Exit 0 when ready.
import { Kafka, logLevel } from 'kafkajs';

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const kafka = new Kafka({
  clientId: 'platform-kafka-check',
  brokers,
  logLevel: logLevel.NOTHING,
  connectionTimeout: 1000,
  requestTimeout: 2000,
  retry: { retries: 0 },
});
const admin = kafka.admin();
try {
  await admin.connect();
  const cluster = await admin.describeCluster();
  if (cluster.brokers.length === 0 || cluster.controller === null)
    throw new Error('no controller yet');
  console.log(
    `kafka ready: ${cluster.brokers.map((b) => `${b.host}:${b.port}`).join(',')} cluster ${cluster.clusterId}`,
  );
  process.exitCode = 0;
} catch (error) {
  console.error(`kafka not ready: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await admin.disconnect().catch(() => undefined);
}
