import { listChatCall, postChatCall } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser, findSessionUser, requireUser } from '../../platform/auth';
import type { ContractTypeProvider } from '../../platform/contracts';
import { createRateLimiter } from '../../platform/rate-limit';
import { DEFAULT_ROOM } from '../realtime/index';
import * as chat from './service';

/** GET/POST /chat/messages: anyone reads the public chat; only a logged-in player posts. */
export async function chatRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { db, config } = app;
  const limiter = createRateLimiter(config);
  app.addHook('onClose', () => limiter.close());

  app.get('/chat/messages', { schema: listChatCall }, async (req) => {
    const m = /^Bearer\s+([A-Za-z0-9_-]{20,100})\s*$/i.exec(String(req.headers.authorization ?? ''));
    const user = m ? await findSessionUser(db, req.tenant.id, m[1]!) : null;
    return chat.listMessages(db, {
      tenant: req.tenant,
      room: req.query.room || DEFAULT_ROOM,
      limit: req.query.limit,
      userId: user?.id ?? null,
    });
  });

  // Before validation: a guest gets 401 before any field is read.
  app.post('/chat/messages', { preValidation: requireUser(db), schema: postChatCall }, async (req, reply) => {
    const message = await chat.postMessage(
      { db, limiter },
      {
        tenant: req.tenant,
        userId: currentUser(req).id,
        room: req.query.room || DEFAULT_ROOM,
        text: req.body.text ?? '',
        attachments: req.body.attachments ?? [],
      },
    );
    return reply.code(201).send({ message });
  });
}
