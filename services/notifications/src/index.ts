export { NotificationsModule, notificationsService } from './notifications.module';
