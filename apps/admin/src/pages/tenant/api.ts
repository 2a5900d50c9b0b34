import type { AdminTenant, AdminTenantReply } from '@sorte/contracts';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../lib/api';

export const TENANT_PATHS = {
  tenant: '/api/admin/tenant',
  maintenance: '/api/admin/tenant/maintenance',
  pages: '/api/admin/tenant/pages',
  page: (slug: string, locale: string) => `/api/admin/tenant/pages/${slug}/${locale}`,
  hosts: '/api/admin/tenant/hosts',
  host: (host: string) => `/api/admin/tenant/hosts/${encodeURIComponent(host)}`,
  regulated: '/api/admin/tenant/regulated',
} as const;

/** The tenant being edited, its reload, and a save that sends the revision it was read at. */
export function useTenant() {
  const [tenant, setTenant] = useState<AdminTenant | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      setTenant((await api<AdminTenantReply>(TENANT_PATHS.tenant)).tenant);
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  const save = async (body: { name?: string; settings?: Record<string, unknown> }) => {
    if (!tenant) return null;
    const r = await api<AdminTenantReply>(TENANT_PATHS.tenant, {
      method: 'PATCH',
      body: { revision: tenant.revision, settings: {}, ...body },
    });
    setTenant(r.tenant);
    return r.tenant;
  };
  return { tenant, setTenant, error, reload, save };
}

/** Settings as the console reads them (the server sends the whole TenantSettings). */
export type Settings = Record<string, unknown> & {
  colors: Record<string, string> & { dark: Record<string, string>; light: Record<string, string> };
};
