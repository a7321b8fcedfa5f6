import 'reflect-metadata';
import { runServiceProcess } from '@platform/runtime';
import { cryptoWalletsService } from './crypto-wallets.module';

// Distributed runtime: this service alone in its own process, on Kafka and PostgreSQL.
void runServiceProcess(cryptoWalletsService);
