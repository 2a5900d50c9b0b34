/**
 * The back office's calls (/api/admin/*, OpenAPI tag "admin"): staff login with TOTP, the permission set shared by
 * the server (which checks it on every call) and the console (which hides what a role cannot do), and the queues.
 */
export * from './auth';
export * from './catalog';
export * from './common';
export * from './community';
export * from './dashboard';
export * from './events';
export * from './payments';
export * from './permissions';
export * from './players';
export * from './promotions';
export * from './queues';
export * from './reports';
export * from './tenant';
