import { listChatCall, postChatCall } from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser, findSessionUser, requireUser } from '../../platform/auth';
import { createRateLimiter } from '../../platform/rate-limit';
import { DEFAULT_ROOM } from '../realtime/index';
import * as chat from './service';

const roomOf = (req: FastifyRequest) => chat.checkRoom((req.query as { room?: unknown }).room) || DEFAULT_ROOM;

/** GET/POST /chat/messages: anyone reads the public chat; only a logged-in player posts. */
export async function chatRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const limiter = createRateLimiter(config);
  app.addHook('onClose', () => limiter.close());

  app.get('/chat/messages', { schema: listChatCall }, async (req) => {
    const q = req.query as { limit?: string };
    const m = /^Bearer\s+([A-Za-z0-9_-]{20,100})\s*$/i.exec(String(req.headers.authorization ?? ''));
    const user = m ? await findSessionUser(db, req.tenant.id, m[1]!) : null;
    return chat.listMessages(db, {
      tenant: req.tenant,
      room: roomOf(req),
      limit: q.limit === undefined ? 50 : Number(q.limit),
      userId: user?.id ?? null,
    });
  });

  app.post('/chat/messages', { preHandler: requireUser(db), schema: postChatCall }, async (req, reply) => {
    const message = await chat.postMessage(
      { db, limiter },
      {
        tenant: req.tenant,
        userId: currentUser(req).id,
        room: roomOf(req),
        body: (req.body ?? {}) as Record<string, unknown>,
      },
    );
    return reply.code(201).send({ message });
  });
}
