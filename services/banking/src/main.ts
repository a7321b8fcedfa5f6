import 'reflect-metadata';
import { runServiceProcess } from '@platform/runtime';
import { bankingService } from './banking.module';

// Distributed runtime: this service alone in its own process, on Kafka and PostgreSQL.
void runServiceProcess(bankingService);
