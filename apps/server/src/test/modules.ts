// Module fixtures for the platform's integration tests. platform/ imports no module, so its tests reach a funded
// player, the provider signature and tenant lookups through the test harness, which composes modules as app.ts does.
export { cashOf, demoTenantId, fundedPlayer } from '../modules/casino/test-support';
export { sign } from '../modules/providers/index';
export { findTenantByHost } from '../modules/tenants/index';
