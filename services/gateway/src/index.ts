export * from './http';
export { AdminModule } from './admin/admin.module';
export { PublicApiModule } from './v1/public-api.module';
export * from './gateway.settings';
