import 'reflect-metadata';
import { runServiceProcess } from '@platform/runtime';
import { notificationsService } from './notifications.module';

// Distributed runtime: this service alone in its own process, on Kafka and PostgreSQL.
void runServiceProcess(notificationsService);
