import type { BodyOf, ChatMessage, ChatResponse, listChatCall, postChatCall, QueryOf, ReplyOf } from '@sorte/contracts';
import { CHAT_DEFAULT_LIMIT } from '@sorte/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';

export const chatMessagesQuery = (room: string, loggedIn: boolean) =>
  queryOptions({
    queryKey: ['chat', 'messages', room, loggedIn],
    queryFn: ({ signal }) =>
      http.get<ChatResponse>('/chat/messages', {
        query: { limit: String(CHAT_DEFAULT_LIMIT), room } satisfies QueryOf<typeof listChatCall>,
        signal,
      }),
    staleTime: 10_000,
  });

export function useSendMessage(room: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      http.post<ReplyOf<typeof postChatCall, 201>>(
        '/chat/messages',
        { text, attachments: [] } satisfies BodyOf<typeof postChatCall>,
        { query: { room } satisfies QueryOf<typeof postChatCall> },
      ),
    onSuccess: ({ message }) =>
      qc.setQueriesData<ChatResponse>({ queryKey: ['chat', 'messages', room] }, (d) => addMessage(d, message)),
  });
}

/** Adds or replaces a message (a pin re-sends it) keeping id order; ignores duplicates from the socket. */
export function addMessage(d: ChatResponse | undefined, m: ChatMessage): ChatResponse | undefined {
  if (!d) return d;
  const rest = d.messages.filter((x) => x.id !== m.id);
  return { ...d, messages: [...rest, m].sort((a, b) => a.id - b.id).slice(-200) };
}

export function removeMessage(d: ChatResponse | undefined, id: number): ChatResponse | undefined {
  return d ? { ...d, messages: d.messages.filter((x) => x.id !== id) } : d;
}
