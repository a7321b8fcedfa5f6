export { IdentityModule, identityService } from './identity.module';
