export { PayinsModule, payinsService } from './payins.module';
