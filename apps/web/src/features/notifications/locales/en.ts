import type { pt } from './pt';

export const en: typeof pt = {
  title: 'Notifications',
  empty: 'You have no notifications.',
  loginFirst: 'Log in to see your notifications.',
  tabs: { personal: 'For you', platform: 'Platform' },
  markAll: 'Mark all as read',
  loadMore: 'Load more',
  loadError: 'Could not load the notifications.',
  retry: 'Try again',
  open: 'Open',
  close: 'Close',
  unread: 'Unread',
  newNotification: 'New notification',
  dismiss: 'Dismiss',
};
