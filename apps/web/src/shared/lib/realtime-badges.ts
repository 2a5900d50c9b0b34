import { create } from 'zustand';

/** The unread notification count the header bell shows; the notifications feature keeps it current. */
export const useUnreadNotifications = create<{ count: number }>(() => ({ count: 0 }));
