export { AuthModule } from './auth.module';
export { Public, IS_PUBLIC_ROUTE } from './public.decorator';
export { CurrentPrincipal, type Principal } from './principal';
