/**
 * Responsible gaming: the rules that bind every money path (limits, pauses, self-exclusion, account closure, the
 * national self-exclusion list), sessions and reality checks, and the audit log. Other modules ask it through this
 * file only:
 * - a product that stakes in TypeScript calls `play(tx, {tenantId, userId, stake})` in the stake's transaction
 *   before its debit (and `{win}` / `{refund}` when it pays or gives a stake back); a refusal throws `RgRefusal`,
 *   whose `refusal` is the code a game protocol maps;
 * - a one-statement bet calls the stored function rg_play and maps its error with `refusalFrom`;
 * - payments call `checkDeposit` before a PIX charge is created;
 * - the back office writes every staff act to the audit log with `appendAudit(tx, ...)` in the act's transaction,
 *   and reads it filtered with `listAudit`.
 * What this module needs of modules that depend on it, app.ts hands over: the accounts module asks `loginGate` at
 * registrations, logins and logouts, and `settleOpenBetsWith` names the products whose open bets a stop refunds.
 */
import { sessionLoggedOut } from './sessions';
import { admitLogin, playerRegistered, registrationRefusal } from './stops';

export { responsibleGamingConsumer } from './consumers';
export { RESPONSIBLE_GAMING_JOBS } from './jobs';
export { getLimits as getPlayerLimits, setLimit as setPlayerLimit } from './limits';
export { type NationalList, useNationalList } from './national';
export { checkDeposit, play, RG_REFUSED_SQLSTATE, RgRefusal, refusalFrom } from './play';
export { policiesFor } from './policies';
export {
  type AuditEntry,
  type AuditFilter,
  type AuditRow,
  insertAudit as appendAudit,
  searchAudit as listAudit,
} from './repo';
export { touch as touchSession } from './sessions';
export { type OpenBetCanceller, settleOpenBetsWith } from './stops';

/** What the accounts module asks at registrations, logins and logouts. */
export const loginGate = {
  registrationRefusal,
  registered: playerRegistered,
  admitLogin,
  loggedOut: sessionLoggedOut,
};
