import {
  adminChatCall,
  deleteChatMessageCall,
  muteChatCall,
  pinChatMessageCall,
  sendNotificationCall,
} from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { clientIp } from '../../platform/client-ip';
import type { ContractTypeProvider } from '../../platform/contracts';
import * as community from './community';
import { allow, staffOf } from './permissions';

/** The console's community calls: chat moderation and notifications to players. */
export async function communityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { db } = app;
  const scope = (req: { tenant: { id: number } }, staff: ReturnType<typeof staffOf>, tenant?: number) =>
    community.actingTenant(staff, tenant, req.tenant.id);

  app.get('/chat/messages', { ...allow('read', 'Chat'), schema: adminChatCall }, async (req) =>
    community.listChat(db, scope(req, staffOf(req), req.query.tenant), req.query),
  );

  app.delete('/chat/messages/:id', { ...allow('moderate', 'Chat'), schema: deleteChatMessageCall }, async (req) => {
    const staff = staffOf(req);
    return community.deleteChatMessage(db, staff, {
      tenantId: scope(req, staff, req.query.tenant),
      id: req.params.id,
      ip: clientIp(req),
    });
  });

  app.post('/chat/messages/:id/pin', { ...allow('moderate', 'Chat'), schema: pinChatMessageCall }, async (req) => {
    const staff = staffOf(req);
    return community.pinChatMessage(db, staff, {
      tenantId: scope(req, staff, req.query.tenant),
      id: req.params.id,
      minutes: req.body.minutes,
      ip: clientIp(req),
    });
  });

  app.post('/chat/mutes', { ...allow('moderate', 'Chat'), schema: muteChatCall }, async (req) => {
    const staff = staffOf(req);
    return community.muteChatPlayer(db, staff, {
      tenantId: scope(req, staff, req.query.tenant),
      userId: req.body.user_id,
      minutes: req.body.minutes,
      reason: req.body.reason,
      ip: clientIp(req),
    });
  });

  app.post('/notifications', { ...allow('send', 'Notification'), schema: sendNotificationCall }, async (req) => {
    const staff = staffOf(req);
    return community.sendNotification(db, staff, {
      tenantId: scope(req, staff, req.query.tenant),
      audience: req.body.audience,
      title: req.body.title,
      body: req.body.body,
      url: req.body.url,
      ip: clientIp(req),
    });
  });
}
