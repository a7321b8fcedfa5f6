export { PayoutsModule, payoutsService } from './payouts.module';
