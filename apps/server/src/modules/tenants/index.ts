// The tenants module's public API: tenant lookups and settings for other modules, and the content pages that the
// site module seeds and serves (they live in this module's tables).
export { defaultTenantSettings } from './defaults';
export {
  countTenants,
  findPage,
  findTenantByHost,
  findTenantById,
  insertHost,
  insertTenant,
  listTenants,
  type PageRow,
  upsertPage,
} from './repo';
export {
  addHostTo,
  changeTenant,
  createTenant,
  legalPagesOf,
  mergeSettings,
  removeHostFrom,
  setTenantSettings,
} from './service';
