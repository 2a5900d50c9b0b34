import { abilityFor, STAFF_ROLES } from '@sorte/contracts';
import { describe, expect, it, vi } from 'vitest';
import { allowed, registerSection } from '../lib/providers';
import { communitySection } from './community';
import { tenantSection } from './tenant';

// The pages are not drawn here (their table library needs a browser build); the sections' rules and strings are.
vi.mock('../pages/community/chat', () => ({ ChatModerationPage: () => null }));
vi.mock('../pages/community/notifications', () => ({ NotificationsPage: () => null }));
vi.mock('../pages/tenant/settings', () => ({ TenantSettingsPage: () => null }));
vi.mock('../pages/tenant/theme', () => ({ ThemePage: () => null }));
vi.mock('../pages/tenant/maintenance', () => ({ MaintenancePage: () => null }));
vi.mock('../pages/tenant/hosts', () => ({ HostsPage: () => null }));
vi.mock('../pages/tenant/regulated', () => ({ RegulatedPage: () => null }));

registerSection(communitySection);
registerSection(tenantSection);

const rolesThat = (resource: string, action: string) =>
  STAFF_ROLES.filter((r) => allowed(abilityFor(r), resource, action));

describe('community and tenant sections per role', () => {
  it('show their screens to the roles the server lets read them, and their buttons to those who may act', () => {
    expect(rolesThat('chat-messages', 'list')).toEqual(['owner', 'admin', 'risk', 'support', 'auditor']);
    expect(rolesThat('chat-messages', 'moderate')).toEqual(['owner', 'admin', 'support']);
    expect(rolesThat('notifications', 'send')).toEqual(['owner', 'admin', 'support', 'marketing']);
    expect(rolesThat('community', 'list')).toEqual(['owner', 'admin', 'support', 'marketing', 'auditor']);
    for (const r of ['tenant', 'tenant-settings', 'tenant-theme', 'tenant-hosts', 'tenant-regulated'])
      expect(rolesThat(r, 'list'), r).toEqual(['owner', 'admin', 'auditor']);
    expect(rolesThat('tenant-theme', 'update')).toEqual(['owner', 'admin']);
  });

  it('have every string in both languages', () => {
    const keys = (o: object, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [`${p}${k}`] : keys(v, `${p}${k}.`)));
    for (const s of [communitySection, tenantSection])
      expect(keys(s.messages.en).sort()).toEqual(keys(s.messages['pt-BR']).sort());
  });
});
