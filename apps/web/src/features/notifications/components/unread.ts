import { useUnreadNotifications } from '../../../shared/lib/realtime-badges';

export const setUnread = (n: number) => useUnreadNotifications.setState({ count: n });
