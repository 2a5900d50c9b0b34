export { notificationsConsumer } from './consumers';
export { sendNotification } from './service';
