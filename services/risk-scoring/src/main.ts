import 'reflect-metadata';
import { runServiceProcess } from '@platform/runtime';
import { riskScoringService } from './risk-scoring.module';

// Distributed runtime: this service alone in its own process, on Kafka and PostgreSQL.
void runServiceProcess(riskScoringService);
