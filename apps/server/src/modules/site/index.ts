// The site module's public API: the demo tenant's hosts, which the casino's demo seed also serves.
export { DEMO_HOSTS } from './seed';
