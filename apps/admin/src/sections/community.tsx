import { CommentOutlined, MessageOutlined, NotificationOutlined } from '@ant-design/icons';
import type { BaseRecord, GetListParams, GetListResponse } from '@refinedev/core';
import type { AdminChatReply } from '@sorte/contracts';
import { Route } from 'react-router';
import { api } from '../lib/api';
import { navLabel } from '../lib/messages';
import { ChatModerationPage } from '../pages/community/chat';
import { NotificationsPage } from '../pages/community/notifications';
import { chatPages } from '../pages/community/paths';
import type { ConsoleSection } from './types';

/** refine's page numbers over the chat list's keyset cursor. */
async function listChat(params: GetListParams): Promise<GetListResponse<BaseRecord>> {
  const page = params.pagination?.currentPage ?? 1;
  const limit = params.pagination?.pageSize ?? 25;
  const f = params.filters?.find((x) => 'field' in x && x.field === 'user_id');
  const user_id = f && 'value' in f && f.value ? Number(f.value) : undefined;
  const key = `chat?${JSON.stringify({ user_id, limit })}`;
  const cursor = chatPages.cursorFor(key, page);
  if (cursor === null) return { data: [], total: 0 };
  const r = await api<AdminChatReply>('/api/admin/chat/messages', { query: { user_id, limit, cursor } });
  return { data: r.data, total: chatPages.record(key, page, r.data.length, limit, r.next_cursor) };
}

const pt = {
  community: {
    nav: { group: 'Comunidade', chat: 'Moderação do chat', notifications: 'Notificações' },
    chat: {
      title: 'Moderação do chat',
      help: 'Mensagens mais recentes de todas as salas. Apagar tira a mensagem do chat de todos na hora; fixar a mantém no topo por 1 hora; silenciar impede o jogador de escrever até o fim do prazo.',
      time: 'Hora',
      room: 'Sala',
      player: 'Jogador',
      system: 'Sistema',
      text: 'Mensagem',
      actions: 'Ações',
      pin: 'Fixar 1 h',
      unpin: 'Desafixar',
      pinned: 'Mensagem fixada no topo do chat.',
      unpinned: 'Mensagem desafixada.',
      pinnedUntil: 'Fixada até {{until}}',
      mutedUntil: 'Silenciado até {{until}}',
      mute: 'Silenciar',
      changeMute: 'Alterar silêncio',
      muteTitle: 'Silenciar {{player}}',
      muted: 'Jogador silenciado.',
      unmuted: 'Silêncio retirado.',
      duration: 'Duração',
      durations: {
        '0': 'Retirar o silêncio',
        '10': '10 minutos',
        '60': '1 hora',
        '1440': '24 horas',
        '10080': '7 dias',
      },
      reason: 'Motivo (fica no registro de auditoria)',
      delete: 'Apagar',
      deleteConfirm: 'Apagar esta mensagem para todos?',
      deleted: 'Mensagem apagada.',
      filterPlayer: 'Id do jogador',
      empty: 'Nenhuma mensagem no chat.',
    },
    notify: {
      title: 'Enviar notificação',
      help: 'Cada jogador recebe no próprio idioma (português ou inglês), na central de notificações e na hora, se estiver conectado.',
      audience: 'Público',
      audiences: {
        player: 'Um jogador',
        vip: 'Jogadores a partir de um nível VIP',
        depositors: 'Quem depositou nos últimos dias',
        everyone: 'Todos os jogadores da plataforma',
      },
      playerId: 'Id do jogador',
      minLevel: 'Nível VIP mínimo',
      days: 'Dias',
      titlePt: 'Título (português)',
      titleEn: 'Título (inglês)',
      bodyPt: 'Texto (português)',
      bodyEn: 'Texto (inglês)',
      url: 'Link (opcional)',
      urlHelp: 'Uma página do site (/promotion) ou um endereço https://',
      send: 'Enviar',
      confirm: 'Enviar esta notificação?',
      sent: 'Notificação enviada a {{n}} jogador(es).',
    },
  },
};

const en: typeof pt = {
  community: {
    nav: { group: 'Community', chat: 'Chat moderation', notifications: 'Notifications' },
    chat: {
      title: 'Chat moderation',
      help: 'The newest messages of every room. Deleting removes a message from everyone’s chat at once; pinning keeps it on top for 1 hour; muting stops the player from writing until the time is up.',
      time: 'Time',
      room: 'Room',
      player: 'Player',
      system: 'System',
      text: 'Message',
      actions: 'Actions',
      pin: 'Pin 1 h',
      unpin: 'Unpin',
      pinned: 'Message pinned on top of the chat.',
      unpinned: 'Message unpinned.',
      pinnedUntil: 'Pinned until {{until}}',
      mutedUntil: 'Muted until {{until}}',
      mute: 'Mute',
      changeMute: 'Change mute',
      muteTitle: 'Mute {{player}}',
      muted: 'Player muted.',
      unmuted: 'Mute lifted.',
      duration: 'Duration',
      durations: {
        '0': 'Lift the mute',
        '10': '10 minutes',
        '60': '1 hour',
        '1440': '24 hours',
        '10080': '7 days',
      },
      reason: 'Reason (kept in the audit log)',
      delete: 'Delete',
      deleteConfirm: 'Delete this message for everyone?',
      deleted: 'Message deleted.',
      filterPlayer: 'Player id',
      empty: 'No messages in the chat.',
    },
    notify: {
      title: 'Send a notification',
      help: 'Each player gets it in their own language (Portuguese or English), in the notification centre and live if connected.',
      audience: 'Audience',
      audiences: {
        player: 'One player',
        vip: 'Players from a VIP level up',
        depositors: 'Players who deposited in the last days',
        everyone: 'Every player of the platform',
      },
      playerId: 'Player id',
      minLevel: 'Minimum VIP level',
      days: 'Days',
      titlePt: 'Title (Portuguese)',
      titleEn: 'Title (English)',
      bodyPt: 'Text (Portuguese)',
      bodyEn: 'Text (English)',
      url: 'Link (optional)',
      urlHelp: 'A page of the site (/promotion) or an https:// address',
      send: 'Send',
      confirm: 'Send this notification?',
      sent: 'Notification sent to {{n}} player(s).',
    },
  },
};

/** The community section: chat moderation and notifications, under Community. */
export const communitySection: ConsoleSection = {
  resources: [
    { name: 'community', meta: Object.assign(navLabel('community.nav.group'), { icon: <CommentOutlined /> }) },
    {
      name: 'chat-messages',
      list: '/community/chat',
      meta: Object.assign(navLabel('community.nav.chat'), { parent: 'community', icon: <MessageOutlined /> }),
    },
    {
      name: 'notifications',
      list: '/community/notifications',
      meta: Object.assign(navLabel('community.nav.notifications'), {
        parent: 'community',
        icon: <NotificationOutlined />,
      }),
    },
  ],
  routes: (
    <>
      <Route path="/community/chat" element={<ChatModerationPage />} />
      <Route path="/community/notifications" element={<NotificationsPage />} />
    </>
  ),
  // The group shows for whoever reads either of its screens (marketing sends notifications but reads no chat).
  subjects: { community: 'Notification', 'chat-messages': 'Chat', notifications: 'Notification' },
  messages: { 'pt-BR': pt, en },
  lists: { 'chat-messages': listChat },
};
