import {
  addTenantHostCall,
  adminRegulatedCall,
  adminTenantCall,
  adminTenantPagesCall,
  maintenanceCall,
  putTenantPageCall,
  removeTenantHostCall,
  updateTenantCall,
} from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientIp } from '../../platform/client-ip';
import type { ContractTypeProvider } from '../../platform/contracts';
import { actingTenant } from './community';
import { allow, staffOf } from './permissions';
import * as tenant from './tenant';

/**
 * The console's tenant calls: configuration, theme, legal pages, maintenance, hosts and the regulated-mode view.
 * After a write this process's tenant cache is emptied, so the player site served from here shows the change on
 * its next request; other nodes within tenantCacheTtlMs.
 */
export async function tenantRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { db } = app;
  const scope = (req: FastifyRequest, requested?: number) => actingTenant(staffOf(req), requested, req.tenant.id);
  const changed = <T>(v: T): T => {
    app.tenants.invalidate();
    return v;
  };

  app.get('/tenant', { ...allow('read', 'Tenant'), schema: adminTenantCall }, async (req) => ({
    tenant: tenant.toAdminTenant(await tenant.readTenant(db, scope(req, req.query.tenant))),
  }));

  app.patch('/tenant', { ...allow('update', 'Tenant'), schema: updateTenantCall }, async (req) =>
    changed({
      tenant: await tenant.updateTenant(db, staffOf(req), {
        tenantId: scope(req, req.query.tenant),
        revision: req.body.revision,
        name: req.body.name,
        settings: req.body.settings,
        ip: clientIp(req),
      }),
    }),
  );

  app.post('/tenant/maintenance', { ...allow('update', 'Tenant'), schema: maintenanceCall }, async (req) =>
    changed({
      tenant: await tenant.setMaintenance(db, staffOf(req), {
        tenantId: scope(req, req.query.tenant),
        revision: req.body.revision,
        on: req.body.on,
        message: req.body.message,
        ip: clientIp(req),
      }),
    }),
  );

  app.get('/tenant/pages', { ...allow('read', 'Tenant'), schema: adminTenantPagesCall }, async (req) => ({
    pages: await tenant.legalPages(db, scope(req, req.query.tenant)),
  }));

  app.put('/tenant/pages/:slug/:locale', { ...allow('update', 'Tenant'), schema: putTenantPageCall }, async (req) => ({
    page: await tenant.putLegalPage(db, staffOf(req), {
      tenantId: scope(req, req.query.tenant),
      slug: req.params.slug,
      locale: req.params.locale,
      title: req.body.title,
      body: req.body.body,
      ip: clientIp(req),
    }),
  }));

  app.post('/tenant/hosts', { ...allow('update', 'Tenant'), schema: addTenantHostCall }, async (req) => {
    const tenantId = scope(req, req.query.tenant);
    const current = await tenant.readTenant(db, tenantId);
    return changed({
      tenant: await tenant.addHost(db, staffOf(req), {
        tenantId,
        revision: current.revision,
        host: req.body.host,
        ip: clientIp(req),
      }),
    });
  });

  app.delete('/tenant/hosts/:host', { ...allow('update', 'Tenant'), schema: removeTenantHostCall }, async (req) => {
    const tenantId = scope(req, req.query.tenant);
    const current = await tenant.readTenant(db, tenantId);
    return changed({
      tenant: await tenant.removeHost(db, staffOf(req), {
        tenantId,
        revision: current.revision,
        host: req.params.host,
        ip: clientIp(req),
      }),
    });
  });

  app.get('/tenant/regulated', { ...allow('read', 'Tenant'), schema: adminRegulatedCall }, async (req) =>
    tenant.regulatedPolicies(db, scope(req, req.query.tenant)),
  );
}
