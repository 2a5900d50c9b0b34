import type { NotificationItem, NotificationPage, UnreadCount } from '@sorte/contracts';
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';

export const PER_PAGE = 10;

export const notificationsQuery = () =>
  infiniteQueryOptions({
    queryKey: ['notifications'],
    queryFn: ({ pageParam, signal }) =>
      http.get<NotificationPage>('/notifications', { query: { page: pageParam, per_page: PER_PAGE }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });

export const readNotification = (id: number) =>
  http.post<{ notification: NotificationItem; unread_count: UnreadCount }>(`/notifications/${id}/read`);

export const viewNotification = (id: number) => http.post(`/notifications/${id}/viewed`);

export const nextUnviewed = () => http.get<{ notification: NotificationItem | null }>('/notifications/next-unviewed');

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (type: 'platform' | 'personal') =>
      http.post<{ unread_count: UnreadCount }>(`/notifications/${type}/mark-all-read`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
