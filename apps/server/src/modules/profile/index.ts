// The profile module's public API: its routes, which the accounts plugin mounts under its own prefix.
export { geoipRoute, profileRoutes } from './routes';
