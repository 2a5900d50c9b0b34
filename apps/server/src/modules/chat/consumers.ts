import { type Consumer, defineConsumer } from '../../platform/events/index';
import { broadcast, channels, DEFAULT_ROOM } from '../realtime/index';
import { postMissionMessage } from './service';

/**
 * The chat's reactions to other modules' events: a new mission open to everyone (or to new players) is announced in
 * the public room as a mission message, once per event (written in the delivery's transaction), then sent live.
 * The room is the site's Portuguese-first public chat, so the announcement carries the mission's Portuguese name.
 */
export const chatConsumer: Consumer = defineConsumer({
  name: 'chat',
  handlers: {
    'missions.mission_created': async (e, ctx) => {
      const name = e.payload.name;
      if (e.payload.audience === 'vip' || !name) return;
      const message = await postMissionMessage(ctx.tx, {
        tenantId: e.tenantId,
        room: DEFAULT_ROOM,
        mission: { id: e.payload.id, title: name.pt },
        text: `Nova missão: ${name.pt}`,
      });
      ctx.afterCommit(() => void broadcast(e.tenantId, channels.chat(DEFAULT_ROOM), 'MessageSent', { message }));
    },
  },
});
