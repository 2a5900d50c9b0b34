import { ALL_GUESTS, ALL_USERS, appKeyOf } from '../../platform/realtime/index';

/** Channel names of spec section 6, as the client subscribes to them. */
export const channels = {
  /** Public chat room: MessageSent, MessageDeleted, BetPlaced. */
  chat: (room: string) => `chat.${room}`,
  /** Presence twin of a chat room: online count. */
  chatPresence: (room: string) => `presence-chat.${room}`,
  /** A guest's private channel (MessageSent, MissionAssigned). */
  guest: (guestId: string) => `private-guest.${guestId}`,
  /** A player's private channel (MessageSent, MissionAssigned, NotificationSent, PaymentApproved, BalanceUpdated, NotifyNewUserBox). */
  user: (userId: number | string) => `private-user.${userId}`,
  /** Every connected player of the tenant (platform notifications). */
  allUsers: ALL_USERS,
  /** Every connected guest of the tenant (a mission open to everyone). */
  allGuests: ALL_GUESTS,
} as const;

/** The room of the spec's public chat ("channel parameter 30"). */
export const DEFAULT_ROOM = '30';

/** The realtime block of the site config: the app key; host/port/tls null = the page's own origin. */
export function realtimeClientSettings(tenantId: number) {
  return { key: appKeyOf(tenantId), host: null, port: null, tls: null, room: DEFAULT_ROOM };
}
