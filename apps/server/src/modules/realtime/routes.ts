import { createHash } from 'node:crypto';
import { broadcastingCalls } from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AuthUser, findSessionUser, guestId } from '../../platform/auth';
import type { ContractTypeProvider } from '../../platform/contracts';
import type { Sql } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import { signChannel, signUser } from '../../platform/realtime/index';
import { vipLevelOf } from '../vip/index';

const ROOM = /^[a-z0-9_-]{1,40}$/;

function bearer(req: FastifyRequest): string | null {
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,100})\s*$/i.exec(String(req.headers.authorization ?? ''));
  return m ? m[1]! : null;
}

async function sessionUser(sql: Sql, req: FastifyRequest): Promise<AuthUser | null> {
  const token = bearer(req);
  return token ? findSessionUser(sql, req.tenant.id, token) : null;
}

/** "Maria da Silva" -> "Maria S.": first name and the initial of the last surname. */
export function displayName(first: string | null, last: string | null): string {
  const surname = (last ?? '').trim().split(/\s+/).pop() ?? '';
  return `${(first ?? '').trim()} ${surname ? `${surname.charAt(0).toUpperCase()}.` : ''}`.trim();
}

/** What other players may see of a player: display name (first name + initial), avatar and VIP level. */
export async function publicUserInfo(sql: Sql, tenantId: number, userId: number) {
  const { rows } = await sql.query<{ first_name: string; last_name: string; avatar: string | null }>(
    'select first_name, last_name, avatar from users where tenant_id = $1 and id = $2',
    [tenantId, userId],
  );
  const u = rows[0];
  if (!u) return null;
  // The level is the VIP module's (its season's), not a copy on the player record.
  return {
    name: displayName(u.first_name, u.last_name),
    avatar: u.avatar,
    vip_level: await vipLevelOf(sql, tenantId, userId),
  };
}

/** Presence id of a guest: a hash, because the guest id itself is what authorises its private channel. */
export const guestPresenceId = (g: string) => `guest:${createHash('sha256').update(g).digest('hex').slice(0, 16)}`;

/** POST /broadcasting/auth (Laravel Echo's authEndpoint) and POST /broadcasting/user-auth (pusher:signin). */
export async function broadcastingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { db } = app;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post('/broadcasting/auth', { schema: broadcastingCalls.auth }, async (req) => {
    const { socket_id: socketId, channel_name: channel } = req.body;
    const cred = app.realtime.keys.forTenant(req.tenant.id);
    const user = await sessionUser(db, req);
    const guest = guestId(req);

    let m = /^private-user\.(\d{1,18})$/.exec(channel);
    if (m) {
      if (!user || String(user.id) !== m[1]) throw new AppError('forbidden');
      return { auth: signChannel(cred, socketId, channel) };
    }
    m = /^private-guest\.(guest-[A-Za-z0-9_-]{6,64})$/.exec(channel);
    if (m) {
      if (!guest || guest !== m[1]) throw new AppError('forbidden');
      return { auth: signChannel(cred, socketId, channel) };
    }
    m = /^presence-chat\.([a-z0-9_-]{1,40})$/.exec(channel);
    if (m && ROOM.test(m[1]!)) {
      let member: { user_id: string; user_info: unknown };
      if (user) {
        member = { user_id: String(user.id), user_info: await publicUserInfo(db, req.tenant.id, user.id) };
      } else if (guest) {
        member = { user_id: guestPresenceId(guest), user_info: { guest: true } };
      } else throw new AppError('forbidden');
      const channelData = JSON.stringify(member);
      return { auth: signChannel(cred, socketId, channel, channelData), channel_data: channelData };
    }
    throw new AppError('forbidden');
  });

  app.post('/broadcasting/user-auth', { schema: broadcastingCalls.userAuth }, async (req) => {
    const socketId = req.body.socket_id;
    const user = await sessionUser(db, req);
    if (!user) throw new AppError('forbidden');
    const userData = JSON.stringify({
      id: String(user.id),
      user_info: await publicUserInfo(db, req.tenant.id, user.id),
    });
    return { auth: signUser(app.realtime.keys.forTenant(req.tenant.id), socketId, userData), user_data: userData };
  });
}
