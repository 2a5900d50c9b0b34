// Import rules of ../shared/ARCHITECTURE.md, checked by `npm test` (scripts/test.mjs) through `npm run lint:imports`:
// `npx depcruise apps/server/src apps/web/src` with this file checks the product's graph (tests left out: the test
// harness reaches every module, so module cycles are judged without it), then .dependency-cruiser.tests.cjs checks
// the tests with the same file rules. docs/architecture-rules.md explains each rule and its exceptions.
const SERVER = '^apps/server/src/';
const MODULES = `${SERVER}modules/`;
const WEB = '^apps/web/src/';
/** Test-only files: tests, the server's test harness, and a module's fixtures for other modules' tests. */
const TEST_FILES = ['\\.test\\.tsx?$', `${SERVER}test/`, `${MODULES}[^/]+/test-support\\.ts$`];

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
      name: 'no-circular',
      comment:
        'Modules import each other in one direction only: no module reaches itself again through the modules it ' +
        'imports, directly (casino -> providers -> casino) or through others. Judged per module folder (scope ' +
        'folder), as a module is one unit however many files it has. Break a cycle by moving the shared piece to ' +
        'its owner, or by inverting one direction (app.ts hands a module what it needs, or an event).',
      severity: 'error',
      scope: 'folder',
      from: { path: `${MODULES}[^/]+$` },
      to: { path: `${MODULES}[^/]+$`, circular: true },
    },
    {
      name: 'no-circular-files',
      comment:
        "No import cycle through a module's files, inside one module (index.ts -> consumers.ts -> index.ts) or out " +
        'of it and back (a module file -> ops/commands.ts -> the same file): a cycle makes start-up order matter.',
      severity: 'error',
      from: { path: MODULES },
      to: { circular: true },
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
    exclude: { path: ['(^|/)(node_modules|dist)/', ...TEST_FILES] },
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
