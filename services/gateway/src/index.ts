export * from './http';
export { AdminModule } from './admin/admin.module';
