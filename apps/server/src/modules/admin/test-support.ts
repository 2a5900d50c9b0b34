import { STAFF_CSRF_HEADER, type StaffRole } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { startStaffSession } from './sessions';
import * as staffRepo from './staff-repo';

export type TestStaff = { id: number; email: string; role: StaffRole; headers: Record<string, string> };

let seq = 0;

/**
 * A signed-in staff member for tests (rows through the staff module's own repo; test code only). tenantId null is
 * platform staff; stepUp (default true) marks the session as having just confirmed a TOTP code.
 */
export async function testStaff(
  app: FastifyInstance,
  role: StaffRole,
  o: { tenantId: number | null; host?: string; stepUp?: boolean },
): Promise<TestStaff> {
  const email = `staff-${role}-${process.pid}-${++seq}-${Date.now()}@sorte.test`;
  const id = await staffRepo.insertStaff(app.db, {
    tenantId: o.tenantId,
    email,
    passwordHash: 'x',
    role,
    totpSecret: 'x',
  });
  const { token, session } = await startStaffSession(app.db, { staffId: id, ip: null, userAgent: null });
  if (o.stepUp !== false) await staffRepo.markSteppedUp(app.db, session.id);
  return {
    id,
    email,
    role,
    headers: {
      host: o.host ?? 'localhost',
      cookie: `sorte_staff=${token}`,
      [STAFF_CSRF_HEADER]: session.csrf_token,
    },
  };
}

/** A call to the admin API as `staff` (JSON body for writes). */
export function staffCall(
  app: FastifyInstance,
  staff: TestStaff,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    headers: staff.headers,
    remoteAddress: '203.0.113.7',
    ...(payload ? { payload } : {}),
  });
}
