import 'reflect-metadata';
import { runServiceProcess } from '@platform/runtime';
import { cardsService } from './cards.module';

// Distributed runtime: this service alone in its own process, on Kafka and PostgreSQL.
void runServiceProcess(cardsService);
