export { RiskScoringModule, riskScoringService } from './risk-scoring.module';
