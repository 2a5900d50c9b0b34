import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Locale } from '@sorte/contracts';
import type { JWTVerifyGetKey } from 'jose';
import { newToken, SESSION_TTL_MS } from '../../platform/auth';
import type { CaptchaVerifier } from '../../platform/captcha';
import type { Db, Sql } from '../../platform/db/index';
import { AppError, type Localized } from '../../platform/errors';
import { publish } from '../../platform/events/index';
import type { Channel, MessagingRegistry, OutgoingMessage } from '../../platform/messaging';
import { enforceLimits, type Limit, type RateLimiter } from '../../platform/rate-limit';
import type { Tenant } from '../../platform/tenancy';
import { endPlayerGameSessions } from '../casino/index';
import { verifyGoogleIdToken } from './google';
import type { PasswordHasher } from './passwords';
import * as repo from './repo';
import {
  selfExclusionOf,
  toUserDto,
  type UserDto,
  userLikesOf,
  userTotalBetOf,
  userVipOf,
  userWalletOf,
} from './user-dto';
import { fieldError, MSG, normalizeCpf, normalizeEmail, normalizePhone } from './validation';

/** Everything the account use cases need besides the database: built once per app in routes.ts. */
export type AuthDeps = {
  db: Db;
  limiter: RateLimiter;
  messaging: MessagingRegistry;
  captcha: CaptchaVerifier;
  hasher: PasswordHasher;
  googleKeys: JWTVerifyGetKey;
  /** Responsible gaming's word on registrations, logins and logouts (app.ts hands it in). */
  gate: LoginGate;
  /** Refer a friend's word on a registration that carried a referral code (app.ts hands it in). */
  referrals: ReferralHook;
};

/**
 * What refer-a-friend decides about a new player who came with a referral code, inside the registration's
 * transaction: it records the link (or its refusal, with the reason, for the operator) and answers whether the link
 * stands. A refused link leaves `referred_by` empty; the registration goes on and the player is told nothing.
 */
export type ReferralHook = {
  linkReferral(
    tx: Sql,
    o: {
      tenant: Tenant;
      referrerId: number;
      referredId: number;
      cpf: string | null;
      ip: string;
      userAgent: string | null;
    },
  ): Promise<boolean>;
};

/** Without refer-a-friend (a tool's app): the code's owner is kept as `referred_by`, nothing else happens. */
export const KEEP_REFERRALS: ReferralHook = { linkReferral: async () => true };

/**
 * What responsible gaming decides about accounts, handed in by the app so that this module does not depend on it:
 * a registration refused for its CPF (the refusal is returned inside the registration's transaction, which commits
 * its record), the new account's first play session, each login (false: a self-excluded player may not come in;
 * other refusals are thrown), and each logout.
 */
export type LoginGate = {
  registrationRefusal(tx: Sql, o: { tenant: Tenant; cpf: string | null; ip: string | null }): Promise<AppError | null>;
  registered(tx: Sql, o: { tenant: Tenant; userId: number; cpf: string | null }): Promise<void>;
  admitLogin(
    db: Db,
    o: { tenant: Tenant; userId: number; cpf: string | null; ip: string | null; selfExcluded: boolean },
  ): Promise<{ admitted: boolean }>;
  loggedOut(tx: Sql, o: { tenantId: number; userId: number }): Promise<void>;
};

/** Without responsible gaming (a tool's app): the accounts' own rule only, a self-excluded player stays out. */
export const OPEN_GATE: LoginGate = {
  registrationRefusal: async () => null,
  registered: async () => {},
  admitLogin: async () => ({ admitted: false }),
  loggedOut: async () => {},
};

/** Who is asking: the tenant of the host, the language of the reply, and the client's address. */
export type RequestContext = { tenant: Tenant; locale: Locale; ip: string; userAgent: string | null };

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_RESEND_MS = 20_000;
export const CODE_MAX_ATTEMPTS = 5;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Budgets per client address and per target (phone, e-mail, login). Values chosen to stop scripts, not people. */
export const LIMITS = {
  loginIp: { limit: 30, windowMs: 15 * MINUTE },
  loginTarget: { limit: 10, windowMs: 15 * MINUTE },
  codeIp: { limit: 20, windowMs: HOUR },
  codeTarget: { limit: 8, windowMs: HOUR },
  registerIp: { limit: 10, windowMs: HOUR },
  recoverIp: { limit: 10, windowMs: HOUR },
  recoverTarget: { limit: 6, windowMs: HOUR },
  googleIp: { limit: 30, windowMs: 15 * MINUTE },
};

const waitMessage = (s: number): Localized => ({
  pt: `Aguarde ${s} segundos para solicitar um novo código.`,
  en: `Wait ${s} seconds to request a new code.`,
});

const tooMany = (s: number): Localized => ({
  pt: `Muitas tentativas. Tente novamente em ${s} segundos.`,
  en: `Too many attempts. Try again in ${s} seconds.`,
});

const limit = (key: string, l: { limit: number; windowMs: number }): Limit => ({ key, ...l });

export const LOGIN_FAILED: Localized = { pt: 'Login ou senha incorretos.', en: 'Incorrect login or password.' };

/** 403 for a self-excluded player: the body carries the period so the web can keep the flag (spec section 4). */
export class SelfExcludedError extends AppError {
  constructor(readonly period: { start_at: string; end_at: string }) {
    super('forbidden', {
      pt: `Você está autoexcluído até ${fmtDate(period.end_at, 'pt')}.`,
      en: `You are self-excluded until ${fmtDate(period.end_at, 'en')}.`,
    });
  }

  override toBody(locale: Locale) {
    return { ...super.toBody(locale), code: 'self_excluded', selfExcluded: this.period };
  }
}

function fmtDate(iso: string, locale: Locale) {
  return new Intl.DateTimeFormat(locale === 'pt' ? 'pt-BR' : 'en-GB', {
    dateStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  }).format(new Date(iso));
}

const hashCode = (code: string) => createHash('sha256').update(code).digest();

// ---- verification codes ----

type Target = { channel: Channel; to: string };

const PURPOSE_TEXT: Record<repo.Purpose, Record<Locale, string>> = {
  register: { pt: 'seu código de cadastro', en: 'your sign-up code' },
  recover: { pt: 'seu código para redefinir a senha', en: 'your password reset code' },
  verify_email: { pt: 'seu código de verificação de e-mail', en: 'your e-mail verification code' },
  verify_phone: { pt: 'seu código de verificação de celular', en: 'your phone verification code' },
  password_change: { pt: 'seu código para alterar a senha', en: 'your password change code' },
};

/** The budgets one code spends: one per target every 20 s (with the wait), and a budget per target and address. */
function codeLimits(ctx: RequestContext, purpose: repo.Purpose, target: Target): Limit[] {
  const t = ctx.tenant.id;
  return [
    { ...limit(`code:wait:${t}:${purpose}:${target.to}`, { limit: 1, windowMs: CODE_RESEND_MS }), detail: waitMessage },
    limit(`code:ip:${ctx.ip}`, LIMITS.codeIp),
    limit(`code:t:${t}:${target.to}`, LIMITS.codeTarget),
  ];
}

/** Stores a new 6-digit code for the target and writes the message that carries it. */
async function createCode(
  deps: AuthDeps,
  ctx: RequestContext,
  purpose: repo.Purpose,
  target: Target,
): Promise<OutgoingMessage> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await repo.insertCode(deps.db, {
    tenantId: ctx.tenant.id,
    purpose,
    channel: target.channel,
    target: target.to,
    codeHash: hashCode(code).toString('hex'),
    ttlMs: CODE_TTL_MS,
  });
  const site = ctx.tenant.settings.site.name;
  const what = PURPOSE_TEXT[purpose][ctx.locale];
  const body =
    ctx.locale === 'en'
      ? `${site}: ${what} is ${code}. It expires in 10 minutes. Never share it with anyone.`
      : `${site}: ${what} é ${code}. Ele expira em 10 minutos. Não compartilhe com ninguém.`;
  return {
    tenantId: ctx.tenant.id,
    channel: target.channel,
    to: target.to,
    subject:
      target.channel === 'email' ? `${site} - ${ctx.locale === 'en' ? 'your code' : 'seu código'}: ${code}` : null,
    body,
    code,
    fromName: site,
  };
}

/**
 * Creates a code for a target the player gave (or owns) and sends it, telling the player when that failed. The
 * code row is committed before the provider is called (no transaction is held across SMTP or an SMS gateway).
 */
async function issueCode(deps: AuthDeps, ctx: RequestContext, purpose: repo.Purpose, target: Target): Promise<void> {
  await enforceLimits(deps.limiter, codeLimits(ctx, purpose, target), tooMany);
  const message = await createCode(deps, ctx, purpose, target);
  try {
    await deps.messaging.send(message);
  } catch {
    throw new AppError('unavailable', {
      pt: 'Não foi possível enviar o código agora. Tente novamente em instantes.',
      en: 'The code could not be sent right now. Please try again shortly.',
    });
  }
}

type CodeCheck = { ok: true; row: repo.CodeRow } | { ok: false; message: Localized };

/**
 * Checks a code inside the caller's transaction. A wrong guess is counted (and the fifth spends the code); the
 * caller must let the transaction commit and then report `message`, so the count survives.
 */
async function checkCode(
  tx: Sql,
  tenantId: number,
  purpose: repo.Purpose,
  targets: string[],
  given: string,
): Promise<CodeCheck> {
  const row = await repo.lockLatestCode(tx, tenantId, purpose, targets);
  if (!row || row.expired) return { ok: false, message: MSG.codeInvalid };
  if (row.attempts >= CODE_MAX_ATTEMPTS) return { ok: false, message: MSG.codeAttempts };
  const expected = Buffer.from(row.code_hash, 'hex');
  const actual = hashCode(given.trim());
  if (expected.length === actual.length && timingSafeEqual(expected, actual)) {
    await repo.consumeCode(tx, tenantId, row.id);
    return { ok: true, row };
  }
  const spent = row.attempts + 1 >= CODE_MAX_ATTEMPTS;
  await repo.countCodeAttempt(tx, tenantId, row.id, spent);
  return { ok: false, message: spent ? MSG.codeAttempts : MSG.codeInvalid };
}

export type SendCodeInput = { phone: string | null; email: string | null };

/** POST /auth/verify-code: a registration code to a phone (SMS) or an e-mail. */
export async function sendRegistrationCode(deps: AuthDeps, ctx: RequestContext, input: SendCodeInput) {
  const target: Target = input.phone ? { channel: 'sms', to: input.phone } : { channel: 'email', to: input.email! };
  await issueCode(deps, ctx, 'register', target);
  return codeSentReply(target.channel, ctx.locale);
}

function codeSentReply(channel: Channel, locale: Locale) {
  return {
    message:
      locale === 'en'
        ? channel === 'sms'
          ? 'We sent a code to your phone.'
          : 'We sent a code to your e-mail.'
        : channel === 'sms'
          ? 'Enviamos um código para o seu celular.'
          : 'Enviamos um código para o seu e-mail.',
    channel,
    resend_in: CODE_RESEND_MS / 1000,
    expires_in: CODE_TTL_MS / 1000,
  };
}

// ---- sessions ----

const BLOCKED: Localized = {
  pt: 'Sua conta está bloqueada. Fale com o suporte.',
  en: 'Your account is blocked. Please contact support.',
};

async function startSession(tx: Sql, ctx: RequestContext, userId: number) {
  // Every way in (password, Google, a password reset) starts here, so a staff block holds for all of them.
  if ((await repo.findBlock(tx, ctx.tenant.id, userId))?.blocked_at) throw new AppError('forbidden', BLOCKED);
  const { token, hash } = newToken();
  await repo.insertSession(tx, {
    tenantId: ctx.tenant.id,
    userId,
    tokenHash: hash,
    ttlMs: SESSION_TTL_MS,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  // Missions count the days a player logs in; the event commits with the session.
  await publish(tx, { name: 'auth.logged_in', tenantId: ctx.tenant.id, userId, payload: {} });
  return token;
}

/** The login gate's word: false for a self-excluded player who may not come in; its own refusals are thrown. */
async function admitted(deps: AuthDeps, ctx: RequestContext, user: repo.UserRow, selfExcluded: boolean) {
  const r = await deps.gate.admitLogin(deps.db, {
    tenant: ctx.tenant,
    userId: user.id,
    cpf: user.cpf,
    ip: ctx.ip,
    selfExcluded,
  });
  return r.admitted;
}

async function loadUserDto(sql: Sql, tenantId: number, userId: number): Promise<UserDto> {
  const u = await repo.findUserById(sql, tenantId, userId);
  if (!u) throw new AppError('unauthorized');
  return toUserDto(
    u,
    await repo.findAddress(sql, tenantId, userId),
    await userLikesOf(sql, tenantId, userId),
    await userWalletOf(sql, tenantId, userId),
    await userTotalBetOf(sql, tenantId, userId),
    await userVipOf(sql, tenantId, userId),
  );
}

// ---- registration ----

export type RegisterInput = {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  password: string;
  birthDate: string;
  cpf: string | null;
  code: string | null;
  ref: string | null;
  captchaToken: string | null;
};

const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 10 characters of a 32-letter alphabet without look-alikes: 2^50 codes, so a collision is not a practical worry. */
function newReferralCode(): string {
  return Array.from(randomBytes(10), (b) => REF_ALPHABET[b & 31]).join('');
}

function uniqueViolation(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return null;
  const text = `${e.constraint ?? ''} ${e.message ?? ''}`;
  if (text.includes('cpf')) return 'cpf';
  if (text.includes('phone')) return 'username';
  if (text.includes('email')) return 'email';
  return null;
}

/** POST /auth/register: captcha, the code, taken identifiers, then the account and its first session. */
export async function registerUser(deps: AuthDeps, ctx: RequestContext, input: RegisterInput) {
  const t = ctx.tenant;
  await enforceLimits(deps.limiter, [limit(`register:ip:${ctx.ip}`, LIMITS.registerIp)], tooMany);

  if (t.settings.turnstileSiteKey) {
    const secret = await repo.findTenantSecret(deps.db, t.id, 'turnstile_secret');
    const ok =
      input.captchaToken !== null &&
      secret !== null &&
      (await deps.captcha.verify({ secret, token: input.captchaToken, remoteIp: ctx.ip }));
    if (!ok) throw fieldError('captcha_token', MSG.captcha);
  }

  const passwordHash = await deps.hasher.hash(input.password);
  const referredBy = input.ref ? await repo.findUserIdByReferralCode(deps.db, t.id, input.ref) : null;

  let result:
    | { ok: true; userId: number; token: string }
    | { ok: false; message: Localized }
    | { ok: false; refusal: AppError };
  try {
    result = await deps.db.transaction(async (tx) => {
      // The code comes first: only someone holding a fresh code learns that a phone, e-mail or CPF is registered.
      let verified: Channel | null = null;
      if (t.settings.casVerifyRegistrations) {
        const check = await checkCode(tx, t.id, 'register', [input.phone, input.email], input.code ?? '');
        if (!check.ok) return check;
        verified = check.row.channel;
      }
      const taken = await repo.takenIdentifiers(tx, t.id, { email: input.email, phone: input.phone, cpf: input.cpf });
      const conflicts: Record<string, Localized[]> = {};
      if (taken.phone) conflicts.username = [MSG.phoneTaken];
      if (taken.email) conflicts.email = [MSG.emailTaken];
      if (taken.cpf) conflicts.cpf = [MSG.cpfTaken];
      // Thrown, so the transaction rolls back and the code stays usable for the corrected form.
      if (Object.keys(conflicts).length) throw new AppError('validation', undefined, conflicts);
      // A CPF on the national self-exclusion list opens no account; the attempt's record commits.
      const refusal = await deps.gate.registrationRefusal(tx, { tenant: t, cpf: input.cpf, ip: ctx.ip });
      if (refusal) return { ok: false as const, refusal };
      const userId = await repo.insertUser(tx, {
        tenantId: t.id,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        cpf: input.cpf,
        birthDate: input.birthDate,
        passwordHash,
        language: ctx.locale,
        referralCode: newReferralCode(),
        referredBy,
        emailVerified: verified === 'email',
        phoneVerified: verified === 'sms',
      });
      if (referredBy !== null) {
        const linked = await deps.referrals.linkReferral(tx, {
          tenant: t,
          referrerId: referredBy,
          referredId: userId,
          cpf: input.cpf,
          ip: ctx.ip,
          userAgent: ctx.userAgent,
        });
        if (!linked) await repo.clearReferredBy(tx, t.id, userId);
      }
      const token = await startSession(tx, ctx, userId);
      await deps.gate.registered(tx, { tenant: t, userId, cpf: input.cpf });
      return { ok: true as const, userId, token };
    });
  } catch (err) {
    // Two registrations raced past the check above: the unique index decided.
    const field = uniqueViolation(err);
    if (field === 'cpf') throw fieldError('cpf', MSG.cpfTaken);
    if (field === 'username') throw fieldError('username', MSG.phoneTaken);
    if (field === 'email') throw fieldError('email', MSG.emailTaken);
    throw err;
  }
  if (!result.ok) throw 'refusal' in result ? result.refusal : fieldError('code', result.message);
  return { token: result.token, user: await loadUserDto(deps.db, t.id, result.userId) };
}

// ---- login ----

/** What a login string may be for this tenant: an e-mail, a phone, a CPF (or a phone and a CPF, both 11 digits). */
export function loginCandidates(tenant: Tenant, login: string) {
  const s = tenant.settings;
  const email = s.login_requires_email && login.includes('@') ? normalizeEmail(login) : null;
  const phone = s.login_requires_phone && !login.includes('@') ? normalizePhone(login) : null;
  const cpf = s.login_requires_cpf && !login.includes('@') ? normalizeCpf(login) : null;
  return { email, phone, cpf, key: email ?? phone ?? cpf ?? login.trim().toLowerCase().slice(0, 100) };
}

/** POST /auth/login. Every wrong credential is the same 401, in about the same time (a dummy hash when no user). */
export async function loginWithPassword(
  deps: AuthDeps,
  ctx: RequestContext,
  input: { login: string; password: string },
) {
  const t = ctx.tenant;
  const ids = loginCandidates(t, input.login);
  const targetKey = `login:t:${t.id}:${ids.key}`;
  await enforceLimits(
    deps.limiter,
    [limit(`login:ip:${ctx.ip}`, LIMITS.loginIp), limit(targetKey, LIMITS.loginTarget)],
    tooMany,
  );
  const users = ids.email || ids.phone || ids.cpf ? await repo.findUsersByLogin(deps.db, t.id, ids) : [];
  let user: repo.UserRow | null = null;
  if (users.length === 0) await deps.hasher.verify(null, input.password);
  for (const u of users) {
    if (await deps.hasher.verify(u.password_hash, input.password)) {
      user = u;
      break;
    }
  }
  if (!user) throw new AppError('unauthorized', LOGIN_FAILED);
  const excluded = selfExclusionOf(user);
  if (!(await admitted(deps, ctx, user, excluded !== null)) && excluded) throw new SelfExcludedError(excluded);
  await deps.limiter.reset(targetKey);
  const token = await startSession(deps.db, ctx, user.id);
  return { token, user: await loadUserDto(deps.db, t.id, user.id) };
}

const GOOGLE_FAILED: Localized = {
  pt: 'Não foi possível entrar com o Google. Tente novamente.',
  en: 'Could not sign in with Google. Please try again.',
};

/**
 * POST /auth/google: a verified Google identity logs into the account it is linked to, or links to the account
 * with the same e-mail when Google says the e-mail is verified. Without an account, the player registers first
 * (registration needs the phone, birth date and consents Google does not give).
 */
export async function loginWithGoogle(deps: AuthDeps, ctx: RequestContext, input: { idToken: string }) {
  const t = ctx.tenant;
  if (!t.settings.casAllowGoogleAuth || !t.settings.googleClientId)
    throw new AppError('forbidden', {
      pt: 'O login com Google não está disponível.',
      en: 'Google sign-in is not available.',
    });
  await enforceLimits(deps.limiter, [limit(`google:ip:${ctx.ip}`, LIMITS.googleIp)], tooMany);
  const id = await verifyGoogleIdToken(deps.googleKeys, input.idToken, t.settings.googleClientId);
  if (!id) throw new AppError('unauthorized', GOOGLE_FAILED);

  let user = await repo.findUserByGoogleSub(deps.db, t.id, id.sub);
  if (!user && id.email && id.emailVerified) {
    const [byEmail] = await repo.findUsersByLogin(deps.db, t.id, { email: id.email });
    if (byEmail && byEmail.google_sub === null) {
      await repo.linkGoogle(deps.db, t.id, byEmail.id, id.sub);
      user = byEmail;
    }
  }
  if (!user)
    throw new AppError('not_found', {
      pt: 'Nenhuma conta vinculada a este Google. Cadastre-se primeiro com este e-mail.',
      en: 'No account is linked to this Google account. Sign up first with this e-mail.',
    });
  const excluded = selfExclusionOf(user);
  if (!(await admitted(deps, ctx, user, excluded !== null)) && excluded) throw new SelfExcludedError(excluded);
  const token = await startSession(deps.db, ctx, user.id);
  return { token, user: await loadUserDto(deps.db, t.id, user.id) };
}

export async function getCurrentUser(db: Db, tenantId: number, userId: number) {
  return { user: await loadUserDto(db, tenantId, userId) };
}

/** Logout ends the session and the player's game sessions: a launch token left in a game tab takes no more stakes. */
export async function logout(
  db: Db,
  o: { tenantId: number; userId: number; sessionId: number },
  gate: LoginGate = OPEN_GATE,
) {
  await db.transaction(async (tx) => {
    await repo.revokeSession(tx, o.tenantId, o.sessionId);
    await endPlayerGameSessions(tx, o.tenantId, o.userId);
    await gate.loggedOut(tx, o);
  });
  return { message: 'ok' };
}

// ---- recovery ----

function targetOf(login: string): Target | null {
  const email = login.includes('@') ? normalizeEmail(login) : null;
  if (email) return { channel: 'email', to: email };
  const phone = normalizePhone(login);
  return phone ? { channel: 'sms', to: phone } : null;
}

/**
 * POST /auth/recover-password: a reset code to the account's phone or e-mail. Whether an account exists shows
 * nowhere: every budget (recovery and code) is spent before anything is looked up, and the lookup, the code and
 * its delivery happen after the reply, so the answer and its timing are the same for any target.
 */
export async function requestPasswordRecovery(deps: AuthDeps, ctx: RequestContext, input: { login: string }) {
  const target = targetOf(input.login);
  if (!target) throw fieldError('login', MSG.invalid);
  const t = ctx.tenant.id;
  await enforceLimits(
    deps.limiter,
    [
      limit(`recover:ip:${ctx.ip}`, LIMITS.recoverIp),
      limit(`recover:t:${t}:${target.to}`, LIMITS.recoverTarget),
      ...codeLimits(ctx, 'recover', target),
    ],
    tooMany,
  );
  deps.messaging.sendLater(async () => {
    const [user] = await repo.findUsersByLogin(deps.db, t, {
      email: target.channel === 'email' ? target.to : null,
      phone: target.channel === 'sms' ? target.to : null,
    });
    return user ? createCode(deps, ctx, 'recover', target) : null;
  });
  return {
    message:
      ctx.locale === 'en'
        ? 'If an account uses these details, we sent it a code.'
        : 'Se houver uma conta com esses dados, enviamos um código para ela.',
    resend_in: CODE_RESEND_MS / 1000,
    expires_in: CODE_TTL_MS / 1000,
  };
}

/** POST /auth/reset-password: the code proves control of the phone or e-mail; every earlier session ends. */
export async function resetPassword(
  deps: AuthDeps,
  ctx: RequestContext,
  input: { login: string; code: string; password: string },
) {
  const t = ctx.tenant;
  const target = targetOf(input.login);
  if (!target) throw fieldError('login', MSG.invalid);
  await enforceLimits(
    deps.limiter,
    [limit(`recover:ip:${ctx.ip}`, LIMITS.recoverIp), limit(`reset:t:${t.id}:${target.to}`, LIMITS.recoverTarget)],
    tooMany,
  );
  const passwordHash = await deps.hasher.hash(input.password);
  const result = await deps.db.transaction(async (tx) => {
    const check = await checkCode(tx, t.id, 'recover', [target.to], input.code);
    if (!check.ok) return check;
    const [user] = await repo.findUsersByLogin(tx, t.id, {
      email: target.channel === 'email' ? target.to : null,
      phone: target.channel === 'sms' ? target.to : null,
    });
    if (!user) return { ok: false as const, message: MSG.codeInvalid };
    await repo.setPasswordHash(tx, t.id, user.id, passwordHash);
    await repo.markVerified(tx, t.id, user.id, target.channel);
    await repo.revokeUserSessions(tx, t.id, user.id, null);
    await endPlayerGameSessions(tx, t.id, user.id);
    return { ok: true as const, user, token: await startSession(tx, ctx, user.id) };
  });
  if (!result.ok) throw fieldError('code', result.message);
  const excluded = selfExclusionOf(result.user);
  const admit = await admitted(deps, ctx, result.user, excluded !== null).catch(async (err) => {
    await repo.revokeUserSessions(deps.db, t.id, result.user.id, null);
    throw err;
  });
  if (!admit && excluded) {
    await repo.revokeUserSessions(deps.db, t.id, result.user.id, null);
    throw new SelfExcludedError(excluded);
  }
  return { token: result.token, user: await loadUserDto(deps.db, t.id, result.user.id) };
}

// ---- changes by a logged-in player ----

type Me = { tenantId: number; userId: number; sessionId: number };

async function me(sql: Sql, m: Me): Promise<repo.UserRow> {
  const u = await repo.findUserById(sql, m.tenantId, m.userId);
  if (!u) throw new AppError('unauthorized');
  return u;
}

/** POST /auth/request-password-change: a code to the player's e-mail (or phone) to change the password without it. */
export async function requestPasswordChange(deps: AuthDeps, ctx: RequestContext, m: Me, input: { channel: Channel }) {
  const u = await me(deps.db, m);
  const target: Target = input.channel === 'sms' ? { channel: 'sms', to: u.phone } : { channel: 'email', to: u.email };
  await issueCode(deps, ctx, 'password_change', target);
  return codeSentReply(target.channel, ctx.locale);
}

/** POST /auth/verify-email and /auth/verify-phone: without a code, send one; with a code, mark the channel verified. */
export async function verifyChannel(
  deps: AuthDeps,
  ctx: RequestContext,
  m: Me,
  input: { channel: Channel; code: string | null },
) {
  const u = await me(deps.db, m);
  const purpose: repo.Purpose = input.channel === 'email' ? 'verify_email' : 'verify_phone';
  const target: Target = { channel: input.channel, to: input.channel === 'email' ? u.email : u.phone };
  if (input.code === null) {
    await issueCode(deps, ctx, purpose, target);
    return codeSentReply(target.channel, ctx.locale);
  }
  const result = await deps.db.transaction(async (tx) => {
    const check = await checkCode(tx, m.tenantId, purpose, [target.to], input.code!);
    if (check.ok) await repo.markVerified(tx, m.tenantId, m.userId, input.channel);
    return check;
  });
  if (!result.ok) throw fieldError('code', result.message);
  return { user: await loadUserDto(deps.db, m.tenantId, m.userId) };
}

export type UpdateAccountInput = {
  currentPassword: string | null;
  code: string | null;
  password: string | null;
  email: string | null;
};

/**
 * POST /auth/update: a new password and/or e-mail. Proof is the current password, or a code from
 * request-password-change (for accounts that have no password, e.g. Google-only). A new password ends every other
 * session; a new e-mail must be verified again.
 */
export async function updateAccount(deps: AuthDeps, m: Me, input: UpdateAccountInput) {
  const u = await me(deps.db, m);
  await enforceLimits(deps.limiter, [limit(`update:u:${m.tenantId}:${m.userId}`, LIMITS.loginTarget)], tooMany);
  let proofByPassword = false;
  if (input.currentPassword !== null) {
    proofByPassword = await deps.hasher.verify(u.password_hash, input.currentPassword);
    if (!proofByPassword) throw fieldError('current_password', MSG.currentPassword);
  }
  const newHash = input.password ? await deps.hasher.hash(input.password) : null;
  const changesEmail = input.email !== null && input.email !== u.email;
  let result: CodeCheck | { ok: true };
  try {
    result = await deps.db.transaction(async (tx) => {
      if (!proofByPassword) {
        const check = await checkCode(tx, m.tenantId, 'password_change', [u.email, u.phone], input.code ?? '');
        if (!check.ok) return check;
      }
      // Only after the proof: a stolen session must not learn which e-mails have accounts. Thrown, so the code
      // stays usable for a corrected form.
      if (changesEmail) {
        const taken = await repo.takenIdentifiers(tx, m.tenantId, { email: input.email!, phone: '', cpf: null });
        if (taken.email) throw fieldError('email', MSG.emailTaken);
      }
      if (newHash) {
        await repo.setPasswordHash(tx, m.tenantId, m.userId, newHash);
        await repo.revokeUserSessions(tx, m.tenantId, m.userId, m.sessionId);
      }
      if (changesEmail) await repo.setEmail(tx, m.tenantId, m.userId, input.email!);
      return { ok: true as const };
    });
  } catch (err) {
    // Another account took the e-mail between the check and the write: the unique index decided.
    if (uniqueViolation(err) === 'email') throw fieldError('email', MSG.emailTaken);
    throw err;
  }
  if (!result.ok) throw fieldError('code', result.message);
  return { user: await loadUserDto(deps.db, m.tenantId, m.userId) };
}
