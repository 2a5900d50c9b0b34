import type { UserBox } from './boxes';

/** Shapes of the realtime module's HTTP calls and events. Money in integer centavos. */

/** Longest chat message, enforced by the server and the web's input alike. */
export const CHAT_MAX_LENGTH = 280;
export const CHAT_MAX_ATTACHMENTS = 3;
export const CHAT_DEFAULT_LIMIT = 50;
export const CHAT_MAX_LIMIT = 100;

export type ChatAttachment = { attachment_type: 'image' | 'gif' | 'link'; attachment_url: string };

export type ChatMessage = {
  id: number;
  /** ISO timestamp */
  time: string;
  type: 'pinned' | 'global' | 'others';
  user: { id: number; name: string } | null;
  text: string;
  mission: { id: number; title: string } | null;
  /** Class name by VIP level, e.g. "chat-vip-3". */
  colorClass: string;
  /** true when the text is only emoji (drawn larger). */
  emoji: boolean;
  pinned_until: string | null;
  attachments: ChatAttachment[];
};

export type ChatResponse = { messages: ChatMessage[]; amountBet: number };

export type NotificationItem = {
  id: number;
  type: 'platform' | 'personal';
  title: string;
  description: string;
  img: string | null;
  url: string | null;
  /** YYYY-MM-DD and HH:MM in the tenant's time zone */
  date: string;
  time: string;
  created_at: string;
  read: boolean;
  read_at: string | null;
  viewed: boolean;
  pinned_until: string | null;
  status: 'read' | 'unread';
  user_box: UserBox | null;
};

export type UnreadCount = { user_notifications: number; global_notifications: number };

export type NotificationPage = {
  data: NotificationItem[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  unread_count: UnreadCount;
};

/** Raw BetPlaced event of the live feed (spec section 3). The name is already masked by the server. */
export type BetFeedEvent = {
  type: 'bet' | 'win';
  transaction: string;
  game: string;
  user: string;
  amount: number;
  date: string;
};

export type PushSubscriptionInput = { endpoint: string; keys: { p256dh: string; auth: string } };
