// Import rules of ../shared/ARCHITECTURE.md, checked by `npm test` (scripts/test.mjs) and by
// `npx depcruise apps/server/src apps/web/src`. docs/architecture-rules.md explains each rule and its exceptions.
const SERVER = '^apps/server/src/';
const MODULES = `${SERVER}modules/`;
const WEB = '^apps/web/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'platform-imports-no-module',
      comment:
        'platform/ is plumbing with no business rules: it imports no module (its integration tests reach module ' +
        'fixtures through apps/server/src/test/, the test harness, as app.ts composes modules for production).',
      severity: 'error',
      from: { path: `${SERVER}platform/` },
      to: { path: MODULES },
    },
    {
      name: 'module-through-index',
      comment:
        "A module imports another module only through that module's index.ts, its public API, never repo.ts " +
        'or any other file of it.',
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/`, pathNot: '\\.test\\.ts$' },
      to: { path: MODULES, pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`] },
    },
    {
      name: 'module-test-through-index-or-test-support',
      comment:
        "A module's tests may use their own module's internals, other modules' index.ts, and other modules' " +
        'test-support.ts: integration tests of one module need a funded player or a game of another (the casino ' +
        'fixtures), and those helpers are test-only, so they stay out of the production index.ts.',
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/.+\\.test\\.ts$` },
      to: {
        path: MODULES,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`, `${MODULES}[^/]+/test-support\\.ts$`],
      },
    },
    {
      name: 'web-shared-imports-no-feature-or-app',
      comment: 'Web imports flow shared -> features -> app: shared/ knows no feature and no app code.',
      severity: 'error',
      from: { path: `${WEB}shared/` },
      to: { path: `${WEB}(features|app)/` },
    },
    {
      name: 'web-feature-imports-no-app',
      comment: 'Web imports flow shared -> features -> app: a feature does not reach up into app/.',
      severity: 'error',
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'web-feature-imports-no-other-feature',
      comment: 'A feature never imports another feature: compose them in app/, or share through shared/.',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
