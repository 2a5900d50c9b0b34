import fs from 'node:fs';
import path from 'node:path';
import {
  ADMIN_ACTIONS,
  ADMIN_SUBJECTS,
  abilityFor,
  needsStepUp,
  STAFF_CSRF_HEADER,
  STAFF_ROLES,
  type StaffRole,
} from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/helpers';
import { demoTenantId } from '../casino/test-support';
import { startStaffSession } from './sessions';
import * as staffRepo from './staff-repo';

let app: FastifyInstance;
let tenantId: number;

beforeAll(async () => {
  app = await testApp();
  tenantId = await demoTenantId(app);
});
afterAll(() => app.close());

let seq = 0;
type Staff = { id: number; email: string; headers: Record<string, string> };

/** A logged-in staff member of the demo tenant (rows through the staff module's own repo), stepped up if asked. */
async function staff(role: StaffRole, o: { stepUp?: boolean } = {}): Promise<Staff> {
  const email = `perm-${role}-${++seq}@sorte.test`;
  const id = await staffRepo.insertStaff(app.db, { tenantId, email, passwordHash: 'x', role, totpSecret: 'x' });
  const { token, session } = await startStaffSession(app.db, { staffId: id, ip: null, userAgent: null });
  if (o.stepUp) await staffRepo.markSteppedUp(app.db, session.id);
  return {
    id,
    email,
    headers: { host: 'localhost', cookie: `sorte_staff=${token}`, [STAFF_CSRF_HEADER]: session.csrf_token },
  };
}

/**
 * Every /api/admin call of the queues and the audit log, with what each role gets. Approve and reject name a
 * withdrawal that does not exist: a role allowed to act gets past the permission check to the 404.
 */
const ROUTES = [
  { method: 'GET', url: '/api/admin/withdrawals' },
  { method: 'POST', url: '/api/admin/withdrawals/999999999/approve' },
  { method: 'POST', url: '/api/admin/withdrawals/999999999/reject', payload: { reason: 'conta de terceiros' } },
  { method: 'GET', url: '/api/admin/audit' },
] as const;

const EXPECTED: Record<StaffRole, [number, number, number, number]> = {
  //          queue approve reject audit
  owner: [200, 404, 404, 200],
  admin: [200, 404, 404, 200],
  finance: [200, 404, 404, 403],
  kyc: [403, 403, 403, 403],
  risk: [200, 403, 403, 200],
  support: [403, 403, 403, 403],
  marketing: [403, 403, 403, 403],
  trader: [403, 403, 403, 403],
  auditor: [200, 403, 403, 200],
};

describe('the role matrix on the server', () => {
  it.each(STAFF_ROLES)('%s gets exactly its statuses on every queue and audit call', async (role) => {
    const s = await staff(role, { stepUp: true });
    const got: number[] = [];
    for (const r of ROUTES) {
      const res = await app.inject({
        method: r.method,
        url: r.url,
        headers: s.headers,
        ...('payload' in r ? { payload: r.payload } : {}),
      });
      got.push(res.statusCode);
      if (res.statusCode === 403) {
        expect(res.json().code).toBe('forbidden');
        expect(res.json().message).toMatch(/^Seu perfil \(.+\) não permite esta ação\.$/);
      }
    }
    expect(got).toEqual(EXPECTED[role]);
  });

  it('refuses in English when asked, naming the role', async () => {
    const s = await staff('support');
    const res = await app.inject({
      url: '/api/admin/withdrawals',
      headers: { ...s.headers, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden', message: 'Your role (support) does not allow this action.' });
  });

  it('answers 401 to a guest and to a player, before reading the input', async () => {
    for (const r of ROUTES) {
      const res = await app.inject({ method: r.method, url: r.url, headers: { host: 'localhost' } });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
    const bad = await app.inject({
      url: '/api/admin/audit?cursor=***',
      headers: { host: 'localhost', authorization: 'Bearer not-a-staff-token' },
    });
    expect(bad.statusCode).toBe(401);
  });

  it('asks a finance member for a fresh TOTP (step-up) before a decision, not before reading the queue', async () => {
    const s = await staff('finance');
    expect((await app.inject({ url: '/api/admin/withdrawals', headers: s.headers })).statusCode).toBe(200);
    for (const act of ['approve', 'reject']) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/admin/withdrawals/999999999/${act}`,
        headers: s.headers,
        payload: { reason: 'x' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('step_up_required');
    }
  });

  it('a role without the permission is told so before the step-up is asked', async () => {
    const s = await staff('auditor');
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/withdrawals/999999999/approve',
      headers: s.headers,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });
});

describe('the permission set', () => {
  const can = (role: StaffRole, action: (typeof ADMIN_ACTIONS)[number], subject: (typeof ADMIN_SUBJECTS)[number]) =>
    abilityFor(role).can(action, subject);

  it('lets the owner do everything but change the audit log, which nobody can; the admin all but roles', () => {
    const onLog = (a: string) => a === 'read' || a === 'export';
    for (const role of STAFF_ROLES)
      for (const action of ADMIN_ACTIONS.filter((a) => a !== 'manage' && !onLog(a)))
        expect(can(role, action, 'AuditLog'), `${role} ${action}`).toBe(false);
    for (const subject of ADMIN_SUBJECTS)
      for (const action of ADMIN_ACTIONS.filter((a) => a !== 'manage')) {
        const onAll = subject !== 'AuditLog' || onLog(action);
        expect(can('owner', action, subject), `owner ${action} ${subject}`).toBe(onAll);
        const forAdmin =
          onAll && !(subject === 'Staff' && action === 'change_role') && !(subject === 'Tenant' && action === 'delete');
        expect(can('admin', action, subject), `admin ${action} ${subject}`).toBe(forAdmin);
      }
  });

  it('keeps the auditor read-only, the audit log included', () => {
    for (const subject of ADMIN_SUBJECTS) {
      expect(can('auditor', 'read', subject)).toBe(true);
      for (const action of ADMIN_ACTIONS.filter((a) => a !== 'read' && a !== 'export' && a !== 'manage'))
        expect(can('auditor', action, subject), `${action} ${subject}`).toBe(false);
    }
  });

  it('gives each sensitive act to the roles that own it only, and flags it for step-up', () => {
    const holders = (action: (typeof ADMIN_ACTIONS)[number], subject: (typeof ADMIN_SUBJECTS)[number]) =>
      STAFF_ROLES.filter((r) => can(r, action, subject));
    expect(holders('approve', 'Withdrawal')).toEqual(['owner', 'admin', 'finance']);
    expect(holders('reject', 'Withdrawal')).toEqual(['owner', 'admin', 'finance']);
    expect(holders('adjust', 'Wallet')).toEqual(['owner', 'admin', 'finance']);
    expect(holders('grant', 'Bonus')).toEqual(['owner', 'admin', 'marketing']);
    expect(holders('lift', 'Limits')).toEqual(['owner', 'admin', 'risk']);
    expect(holders('change_role', 'Staff')).toEqual(['owner']);
    expect(holders('delete', 'Tenant')).toEqual(['owner']);
    expect(holders('settle', 'Sportsbook')).toEqual(['owner', 'admin', 'trader']);
    expect(holders('approve', 'Kyc')).toEqual(['owner', 'admin', 'kyc']);
    expect(holders('read', 'AuditLog')).toEqual(['owner', 'admin', 'risk', 'auditor']);
    for (const [a, s] of [
      ['approve', 'Withdrawal'],
      ['reject', 'Withdrawal'],
      ['adjust', 'Wallet'],
      ['grant', 'Bonus'],
      ['lift', 'Limits'],
      ['change_role', 'Staff'],
    ] as const)
      expect(needsStepUp(a, s)).toBe(true);
    expect(needsStepUp('read', 'Withdrawal')).toBe(false);
    expect(needsStepUp('approve', 'Kyc')).toBe(false);
  });
});

/** The roles x subjects table as docs/admin.md shows it: each role's actions per subject, step-up acts starred. */
function permissionTable(): string {
  const acts = ADMIN_ACTIONS.filter((a) => a !== 'manage');
  const rows = ADMIN_SUBJECTS.map((subject) => {
    const cells = STAFF_ROLES.map((role) => {
      const ability = abilityFor(role);
      const allowed = acts.filter((a) => ability.can(a, subject));
      const missing = acts.filter((a) => !allowed.includes(a));
      if (missing.length === 0) return 'all';
      if (missing.length <= 2) return `all but ${missing.join(', ')}`;
      return allowed.map((a) => (needsStepUp(a, subject) ? `${a}\\*` : a)).join(', ') || '-';
    });
    return `| ${subject} | ${cells.join(' | ')} |`;
  });
  return [
    `| subject | ${STAFF_ROLES.join(' | ')} |`,
    `| --- | ${STAFF_ROLES.map(() => '---').join(' | ')} |`,
    ...rows,
  ].join('\n');
}

describe('docs/admin.md', () => {
  it('shows the permission set as the code has it', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../docs/admin.md'), 'utf8');
    expect(doc, `docs/admin.md must contain:\n${permissionTable()}`).toContain(permissionTable());
  });
});
