// The tests' pass of `npm run lint:imports`: every file rule of .dependency-cruiser.cjs over the tree with its tests
// (a module's tests may use another module's index.ts and test-support.ts only). The module-cycle rule is the
// main pass's alone: tests and their harness import every module, which is no cycle of the product.
const main = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: main.forbidden.filter((rule) => rule.scope !== 'folder'),
  options: { ...main.options, exclude: { path: '(^|/)(node_modules|dist)/' } },
};
