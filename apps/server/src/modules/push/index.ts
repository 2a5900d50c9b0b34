// The web push module's public API: sending to a player's subscriptions, and the server's VAPID keys.
export { sendPush, vapidKeys } from './service';
