// The site module's public API: the demo tenant's hosts, which the casino's demo seed also serves, and its legal
// pages, which the regulated demo tenant shows too.
export { loadDemoPages } from './demo/index';
export { DEMO_HOSTS } from './seed';
