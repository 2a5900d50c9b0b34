import { abilityFor, STAFF_ROLES } from '@sorte/contracts';
import { describe, expect, it } from 'vitest';
import { CursorPages } from './cursor-pages';
import { allowed } from './providers';

describe('what the sider shows each role', () => {
  const shown = (role: (typeof STAFF_ROLES)[number]) =>
    ['payments', 'withdrawals', 'audit', 'sessions'].filter((r) => allowed(abilityFor(role), r, 'list'));

  it('matches the permission set the server checks', () => {
    expect(shown('finance')).toEqual(['payments', 'withdrawals', 'sessions']);
    expect(shown('support')).toEqual(['sessions']);
    expect(shown('auditor')).toEqual(['payments', 'withdrawals', 'audit', 'sessions']);
    expect(shown('owner')).toEqual(['payments', 'withdrawals', 'audit', 'sessions']);
    for (const role of STAFF_ROLES) expect(shown(role), role).toContain('sessions');
  });

  it('offers approve and reject only to the roles that may decide, and nothing without a session', () => {
    const deciders = STAFF_ROLES.filter((r) => allowed(abilityFor(r), 'withdrawals', 'approve'));
    expect(deciders).toEqual(['owner', 'admin', 'finance']);
    expect(allowed(abilityFor('auditor'), 'withdrawals', 'reject')).toBe(false);
    expect(allowed(null, 'sessions', 'list')).toBe(false);
    expect(allowed(abilityFor('owner'), 'unknown-section', 'list')).toBe(false);
  });
});

describe('cursor pages behind page numbers', () => {
  it('opens page n with the cursor page n-1 answered, and offers Next only while there is more', () => {
    const p = new CursorPages();
    expect(p.cursorFor('q', 1)).toBeUndefined();
    expect(p.cursorFor('q', 2)).toBeNull();
    expect(p.record('q', 1, 20, 20, 'c2')).toBe(21);
    expect(p.cursorFor('q', 2)).toBe('c2');
    expect(p.record('q', 2, 5, 20, null)).toBe(25);
    expect(p.cursorFor('other', 2)).toBeNull();
    p.clear();
    expect(p.cursorFor('q', 2)).toBeNull();
  });
});
