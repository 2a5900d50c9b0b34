import type { AccessControlProvider, AuthProvider, DataProvider, I18nProvider } from '@refinedev/core';
import {
  type AdminAbility,
  type AdminAction,
  type AdminAuditReply,
  type AdminSubject,
  type AdminWithdrawalsReply,
  abilityFor,
  type StaffSessionItem,
  type StaffSessionReply,
} from '@sorte/contracts';
import type { ConsoleSection } from '../sections/types';
import { ApiError, api, PATHS, rememberSession } from './api';
import { CursorPages, filterValue } from './cursor-pages';
import { type ConsoleLocale, currentLocale, saveLocale } from './locale';
import { translate } from './messages';

// ---- Session ----------------------------------------------------------------------------------------------------

let session: StaffSessionReply | null = null;
let ability: AdminAbility | null = null;

function keep(s: StaffSessionReply | null) {
  session = s;
  ability = s ? abilityFor(s.staff.role) : null;
  rememberSession(s);
}

/** The session of this tab: read once from the server (the cookie is HttpOnly), then kept in memory. */
async function loadSession(): Promise<StaffSessionReply | null> {
  if (session) return session;
  try {
    keep(await api<StaffSessionReply>(PATHS.me));
  } catch (e) {
    if (e instanceof ApiError && (e.statusCode === 401 || e.statusCode === 403)) keep(null);
    else throw e;
  }
  return session;
}

export function currentSession() {
  return session;
}

export type LoginInput = { email: string; password: string; totp?: string; backup_code?: string };

export const authProvider: AuthProvider = {
  async login(input: LoginInput) {
    try {
      keep(await api<StaffSessionReply>(PATHS.login, { method: 'POST', body: input }));
      return { success: true, redirectTo: '/' };
    } catch (e) {
      return { success: false, error: asRefineError(e) };
    }
  },
  async logout() {
    await api(PATHS.logout, { method: 'POST', body: {} }).catch(() => {});
    keep(null);
    return { success: true, redirectTo: '/login' };
  },
  async check() {
    const s = await loadSession().catch(() => null);
    return s ? { authenticated: true } : { authenticated: false, redirectTo: '/login', logout: true };
  },
  async onError(error: unknown) {
    // An expired or revoked session: back to the login page; a refusal (403) stays on the page with its message.
    if (error instanceof ApiError && error.statusCode === 401) {
      keep(null);
      return { logout: true, redirectTo: '/login', error };
    }
    return {};
  },
  async getIdentity() {
    const s = await loadSession().catch(() => null);
    return s ? { ...s.staff, name: s.staff.email } : null;
  },
  async getPermissions() {
    return (await loadSession().catch(() => null))?.staff.role ?? null;
  },
};

function asRefineError(e: unknown) {
  if (e instanceof ApiError) return { name: e.code ?? 'error', message: e.message, statusCode: e.statusCode };
  return { name: 'error', message: String(e) };
}

// ---- Permissions ------------------------------------------------------------------------------------------------

/** The subject each resource of the console shows; a resource with none is every staff member's own. */
const SUBJECTS: Record<string, AdminSubject | null> = {
  payments: 'Withdrawal',
  withdrawals: 'Withdrawal',
  audit: 'AuditLog',
  events: 'Events',
  sessions: null,
};

/** The sections' list loaders by resource (registered once by app.tsx). */
const LISTS: NonNullable<ConsoleSection['lists']> = {};

export function registerSection(section: ConsoleSection) {
  Object.assign(SUBJECTS, section.subjects);
  Object.assign(LISTS, section.lists ?? {});
}

/** refine's list/show are CASL's read; other actions are the contracts' verbs. */
export function allowed(a: AdminAbility | null, resource: string | undefined, action: string): boolean {
  if (!a || !resource) return false;
  const subject = SUBJECTS[resource];
  if (subject === null) return true;
  if (subject === undefined) return false;
  const verb = (action === 'list' || action === 'show' ? 'read' : action) as AdminAction;
  return a.can(verb, subject);
}

export const accessControlProvider: AccessControlProvider = {
  async can({ resource, action }) {
    await loadSession().catch(() => null);
    return { can: allowed(ability, resource, action) };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};

// ---- Data -------------------------------------------------------------------------------------------------------

const pages = new CursorPages();

export function forgetPages() {
  pages.clear();
}

/** The list endpoints of the console; refine's pagination/sort/filters become the API's cursor, sort and filters. */
export const dataProvider: DataProvider = {
  getApiUrl: () => '/api/admin',
  async getList(params) {
    const { resource, pagination, sorters, filters } = params;
    const sectionList = LISTS[resource];
    if (sectionList) return sectionList(params) as never;
    const page = pagination?.currentPage ?? 1;
    const limit = pagination?.pageSize ?? 20;
    if (resource === 'sessions') {
      const r = await api<{ data: StaffSessionItem[] }>(PATHS.sessions);
      // biome-ignore lint/suspicious/noExplicitAny: refine's generic record type
      return { data: r.data as any, total: r.data.length };
    }
    const sort = sorters?.[0] ? `${sorters[0].order === 'desc' ? '-' : ''}${sorters[0].field}` : undefined;
    const query: Record<string, string | number | undefined> =
      resource === 'withdrawals'
        ? { status: filterValue(filters, 'status'), sort, limit }
        : {
            actor: filterValue(filters, 'actor'),
            action: filterValue(filters, 'action'),
            user_id: filterValue(filters, 'user_id'),
            from: filterValue(filters, 'from'),
            to: filterValue(filters, 'to'),
            limit,
          };
    const key = `${resource}?${JSON.stringify(query)}`;
    const cursor = pages.cursorFor(key, page);
    // A page whose cursor was never seen (a reload on page 3): start again from the first.
    if (cursor === null) return { data: [], total: 0 };
    const path = resource === 'withdrawals' ? PATHS.withdrawals : PATHS.audit;
    const r = await api<AdminWithdrawalsReply | AdminAuditReply>(path, { query: { ...query, cursor } });
    // biome-ignore lint/suspicious/noExplicitAny: refine's generic record type
    return { data: r.data as any, total: pages.record(key, page, r.data.length, limit, r.next_cursor) };
  },
  async getOne() {
    throw new Error('not used');
  },
  async create() {
    throw new Error('not used');
  },
  async update() {
    throw new Error('not used');
  },
  async deleteOne({ resource, id }) {
    if (resource !== 'sessions') throw new Error('not used');
    // biome-ignore lint/suspicious/noExplicitAny: refine's generic record type
    return { data: (await api(PATHS.revokeSession(String(id)), { method: 'POST', body: {} })) as any };
  },
};

// ---- Language ---------------------------------------------------------------------------------------------------

export function i18nProvider(onChange: (l: ConsoleLocale) => void): I18nProvider {
  return {
    translate: (key: string, options?: unknown, defaultMessage?: string) => {
      const params = typeof options === 'object' && options ? (options as Record<string, unknown>) : undefined;
      const fallback = typeof options === 'string' ? options : defaultMessage;
      return translate(currentLocale(), key, params) ?? fallback ?? key;
    },
    changeLocale: (l: string) => {
      const locale: ConsoleLocale = l === 'en' ? 'en' : 'pt-BR';
      saveLocale(locale);
      onChange(locale);
    },
    getLocale: () => currentLocale(),
  };
}

/** For code outside refine's hooks (the step-up modal's thrown errors). */
export function isStepUp(e: unknown): boolean {
  return e instanceof ApiError && e.code === 'step_up_required';
}
