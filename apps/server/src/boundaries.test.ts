import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

// The rules `npm test` applies to the real tree (.dependency-cruiser.cjs), run here on small fixture trees so that a
// rule which stopped matching (a renamed folder, a broken pattern) fails a test instead of passing silently.
const root = path.resolve(import.meta.dirname, '../../..');
const { forbidden, options } = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as {
  forbidden: IForbiddenRuleType[];
  options: { exclude: { path: string[] } };
};
const dirs: string[] = [];

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Writes the files under a fresh directory laid out like the repository and lists the rules they break; with
 * `product`, on the product's graph as `npm run lint:imports` checks it first (test files left out).
 */
async function violationsOf(files: Record<string, string>, o: { product?: boolean } = {}): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorte-boundaries-'));
  dirs.push(dir);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  const result = await cruise(
    ['apps'],
    {
      baseDir: dir,
      validate: true,
      ruleSet: { forbidden },
      tsPreCompilationDeps: true,
      ...(o.product ? { exclude: { path: options.exclude.path.slice(1) } } : {}),
    },
    { extensions: ['.ts', '.tsx'] },
  );
  const { summary } = result.output as ICruiseResult;
  return summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}

const S = 'apps/server/src';
const W = 'apps/web/src';
const casino = {
  [`${S}/modules/casino/repo.ts`]: 'export const findGame = 1;\n',
  [`${S}/modules/casino/index.ts`]: "export { findGame } from './repo';\n",
  [`${S}/modules/casino/test-support.ts`]: "export { findGame as game } from './repo';\n",
};

describe('import rules', () => {
  it("refuses a module importing another module's repo.ts, and accepts its index.ts", async () => {
    expect(
      await violationsOf({
        ...casino,
        [`${S}/modules/auth/service.ts`]: "import { findGame } from '../casino/repo';\nexport const a = findGame;\n",
        [`${S}/modules/auth/user.ts`]: "import { findGame } from '../casino/index';\nexport const b = findGame;\n",
        [`${S}/modules/auth/own.ts`]: "import { a } from './service';\nexport const c = a;\n",
      }),
    ).toEqual([`module-through-index: ${S}/modules/auth/service.ts -> ${S}/modules/casino/repo.ts`]);
  });

  it('counts a type-only import and a file in a sub-folder of a module', async () => {
    expect(
      await violationsOf({
        ...casino,
        [`${S}/modules/originals/multiplayer/engine.ts`]:
          "import type { findGame } from '../../casino/repo';\nexport type T = typeof findGame;\n",
      }),
    ).toEqual([`module-through-index: ${S}/modules/originals/multiplayer/engine.ts -> ${S}/modules/casino/repo.ts`]);
  });

  it("lets a module's tests use another module's test-support.ts, never its other files", async () => {
    expect(
      await violationsOf({
        ...casino,
        [`${S}/modules/auth/auth.test.ts`]:
          "import { game } from '../casino/test-support';\nimport { findGame } from '../casino/repo';\n" +
          'export const t = [game, findGame];\n',
      }),
    ).toEqual([
      `module-test-through-index-or-test-support: ${S}/modules/auth/auth.test.ts -> ${S}/modules/casino/repo.ts`,
    ]);
  });

  it('refuses platform/ importing any module, even its index.ts', async () => {
    expect(
      await violationsOf({
        ...casino,
        [`${S}/platform/http.ts`]: "import { findGame } from '../modules/casino/index';\nexport const h = findGame;\n",
      }),
    ).toEqual([`platform-imports-no-module: ${S}/platform/http.ts -> ${S}/modules/casino/index.ts`]);
  });

  it('keeps the web flowing shared -> features -> app, with no feature importing another', async () => {
    const violations = await violationsOf({
      [`${W}/app/pages.tsx`]: "import { Wallet } from '../features/wallet/wallet';\nexport const P = Wallet;\n",
      [`${W}/shared/lib/money.ts`]: "import { P } from '../../app/pages';\nexport const m = P;\n",
      [`${W}/shared/lib/session.ts`]:
        "import { Wallet } from '../../features/wallet/wallet';\nexport const s = Wallet;\n",
      [`${W}/features/wallet/wallet.tsx`]: "import { m } from '../../shared/lib/money';\nexport const Wallet = m;\n",
      [`${W}/features/casino/lobby.tsx`]: "import { Wallet } from '../wallet/wallet';\nexport const L = Wallet;\n",
      [`${W}/features/casino/page.tsx`]: "import { P } from '../../app/pages';\nexport const G = P;\n",
    });
    expect(violations.sort()).toEqual([
      `web-feature-imports-no-app: ${W}/features/casino/page.tsx -> ${W}/app/pages.tsx`,
      `web-feature-imports-no-other-feature: ${W}/features/casino/lobby.tsx -> ${W}/features/wallet/wallet.tsx`,
      `web-shared-imports-no-feature-or-app: ${W}/shared/lib/money.ts -> ${W}/app/pages.tsx`,
      `web-shared-imports-no-feature-or-app: ${W}/shared/lib/session.ts -> ${W}/features/wallet/wallet.tsx`,
    ]);
  });

  it('refuses modules that import each other, directly or through a third, and accepts one direction', async () => {
    const pair = await violationsOf({
      [`${S}/modules/casino/index.ts`]: "export { game } from './repo';\n",
      [`${S}/modules/casino/repo.ts`]: 'export const game = 1;\n',
      [`${S}/modules/casino/routes.ts`]: "import { sign } from '../providers/index';\nexport const r = sign;\n",
      [`${S}/modules/providers/index.ts`]: 'export const sign = 2;\n',
      [`${S}/modules/providers/seamless.ts`]: "import { game } from '../casino/index';\nexport const s = game;\n",
    });
    expect(pair.sort()).toEqual([
      `no-circular: ${S}/modules/casino -> ${S}/modules/providers`,
      `no-circular: ${S}/modules/providers -> ${S}/modules/casino`,
    ]);
    const ring = await violationsOf({
      [`${S}/modules/auth/index.ts`]: "import { p } from '../profile/index';\nexport const a = p;\n",
      [`${S}/modules/profile/index.ts`]: "import { l } from '../ledger/index';\nexport const p = l;\n",
      [`${S}/modules/ledger/index.ts`]: "import { a } from '../auth/index';\nexport const l = a;\n",
    });
    expect(ring.filter((v) => v.startsWith('no-circular:')).sort()).toEqual([
      `no-circular: ${S}/modules/auth -> ${S}/modules/profile`,
      `no-circular: ${S}/modules/ledger -> ${S}/modules/auth`,
      `no-circular: ${S}/modules/profile -> ${S}/modules/ledger`,
    ]);
    // One direction is fine; so is a test of the lower module that uses the upper one (tests are no part of the
    // product's graph, where the rule is checked).
    expect(
      await violationsOf(
        {
          [`${S}/modules/casino/index.ts`]: 'export const game = 1;\n',
          [`${S}/modules/providers/index.ts`]: "import { game } from '../casino/index';\nexport const sign = game;\n",
          [`${S}/modules/casino/casino.test.ts`]:
            "import { sign } from '../providers/index';\nexport const t = sign;\n",
        },
        { product: true },
      ),
    ).toEqual([]);
  });

  it("refuses an import cycle through a module's files", async () => {
    expect(
      await violationsOf({
        [`${S}/modules/realtime/index.ts`]: "export { consume } from './consumers';\nexport const channels = 1;\n",
        [`${S}/modules/realtime/consumers.ts`]:
          "import { channels } from './index';\nexport const consume = channels;\n",
      }),
    ).toEqual([`no-circular-files: ${S}/modules/realtime/consumers.ts -> ${S}/modules/realtime/index.ts`]);
  });
});
