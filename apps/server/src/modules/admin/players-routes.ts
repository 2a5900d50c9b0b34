import {
  addNoteCall,
  adjustBalanceCall,
  adminGrantableOffersCall,
  adminPlayerBetsCall,
  adminPlayerBonusesCall,
  adminPlayerCall,
  adminPlayerKycCall,
  adminPlayerLedgerCall,
  adminPlayerLimitsCall,
  adminPlayerMissionsCall,
  adminPlayerNotesCall,
  adminPlayerSessionsCall,
  adminPlayersCall,
  blockPlayerCall,
  endSessionsCall,
  grantBonusCall,
  liftLimitCall,
} from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { clientIp } from '../../platform/client-ip';
import type { ContractTypeProvider } from '../../platform/contracts';
import { allow, staffOf } from './permissions';
import * as players from './players';

/** The console's players calls: search, the player's page (one call per tab) and the acts on a player. */
export async function playersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { db } = app;

  app.get('/players', { ...allow('read', 'Player'), schema: adminPlayersCall }, async (req) =>
    players.searchPlayers(db, staffOf(req), req.query),
  );
  app.get('/players/:id', { ...allow('read', 'Player'), schema: adminPlayerCall }, async (req) =>
    players.readPlayer(db, staffOf(req), req.params.id, req.query.tenant),
  );
  app.get('/players/:id/ledger', { ...allow('read', 'Wallet'), schema: adminPlayerLedgerCall }, async (req) =>
    players.readLedger(db, staffOf(req), { id: req.params.id, ...req.query }),
  );
  app.get('/players/:id/bets', { ...allow('read', 'Player'), schema: adminPlayerBetsCall }, async (req) =>
    players.readBets(db, staffOf(req), { id: req.params.id, ...req.query }),
  );
  app.get('/players/:id/bonuses', { ...allow('read', 'Bonus'), schema: adminPlayerBonusesCall }, async (req) =>
    players.readBonuses(db, staffOf(req), { id: req.params.id, ...req.query, lang: req.locale }),
  );
  app.get('/players/:id/missions', { ...allow('read', 'Player'), schema: adminPlayerMissionsCall }, async (req) =>
    players.readMissions(db, staffOf(req), { id: req.params.id, ...req.query, lang: req.locale }),
  );
  app.get('/players/:id/sessions', { ...allow('read', 'Player'), schema: adminPlayerSessionsCall }, async (req) =>
    players.readSessions(db, staffOf(req), { id: req.params.id, ...req.query }),
  );
  app.get('/players/:id/notes', { ...allow('read', 'Player'), schema: adminPlayerNotesCall }, async (req) =>
    players.readNotes(db, staffOf(req), { id: req.params.id, ...req.query }),
  );
  app.get('/players/:id/kyc', { ...allow('read', 'Kyc'), schema: adminPlayerKycCall }, async (req) =>
    players.readKyc(db, staffOf(req), req.params.id),
  );
  app.get('/players/:id/limits', { ...allow('read', 'Limits'), schema: adminPlayerLimitsCall }, async (req) =>
    players.readLimits(db, staffOf(req), req.params.id),
  );
  app.get('/players/:id/offers', { ...allow('grant', 'Bonus'), schema: adminGrantableOffersCall }, async (req) =>
    players.readGrantableOffers(db, staffOf(req), req.params.id, req.locale),
  );

  app.post('/players/:id/block', { ...allow('block', 'Player'), schema: blockPlayerCall }, async (req) =>
    players.setBlocked(db, staffOf(req), {
      id: req.params.id,
      block: true,
      reason: req.body.reason,
      ip: clientIp(req),
    }),
  );
  app.post('/players/:id/unblock', { ...allow('block', 'Player'), schema: blockPlayerCall }, async (req) =>
    players.setBlocked(db, staffOf(req), {
      id: req.params.id,
      block: false,
      reason: req.body.reason,
      ip: clientIp(req),
    }),
  );
  app.post('/players/:id/adjust', { ...allow('adjust', 'Wallet'), schema: adjustBalanceCall }, async (req) =>
    players.adjustBalance(db, staffOf(req), {
      id: req.params.id,
      amount: req.body.amount,
      reason: req.body.reason,
      key: req.headers['idempotency-key'],
      ip: clientIp(req),
    }),
  );
  app.post('/players/:id/bonuses', { ...allow('grant', 'Bonus'), schema: grantBonusCall }, async (req) =>
    players.grantBonus(db, staffOf(req), {
      id: req.params.id,
      offerId: req.body.offer_id,
      reason: req.body.reason,
      key: req.headers['idempotency-key'],
      ip: clientIp(req),
    }),
  );
  app.post('/players/:id/sessions/end', { ...allow('update', 'Player'), schema: endSessionsCall }, async (req) =>
    players.endSessions(db, staffOf(req), { id: req.params.id, reason: req.body.reason, ip: clientIp(req) }),
  );
  app.post('/players/:id/limits/lift', { ...allow('lift', 'Limits'), schema: liftLimitCall }, async (req) =>
    players.liftLimit(db, staffOf(req), { id: req.params.id, ...req.body, ip: clientIp(req) }),
  );
  app.post('/players/:id/notes', { ...allow('update', 'Player'), schema: addNoteCall }, async (req) =>
    players.addNote(db, staffOf(req), { id: req.params.id, body: req.body.body, ip: clientIp(req) }),
  );
}
