export { AuthModule } from './auth.module';
export { Public, IS_PUBLIC_ROUTE } from './public.decorator';
export { CurrentPrincipal, type Principal } from './principal';
export {
  RequireRole,
  RequireOtp,
  RequireCredentialLevel,
  ManagesCredentials,
  MANAGES_CREDENTIALS,
  REQUIRED_ROLE,
  REQUIRED_OTP_ACTION,
  REQUIRED_CREDENTIAL_LEVEL,
  type CredentialLevel,
} from './access.decorators';
