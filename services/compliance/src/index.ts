export { ComplianceModule, complianceService } from './compliance.module';
