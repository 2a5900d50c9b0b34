export { notificationsConsumer } from './consumers';
export { type Audience, LIVE_FANOUT_MAX, sendNotification, sendToAudienceIn } from './service';
