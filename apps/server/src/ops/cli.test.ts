import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './test-processes';

describe('the ops CLI without a database', () => {
  it.each([
    [['help'], 0, 'tenant:add-host'],
    [[], 0, 'usage: npm run ops'],
    [['tenant:frobnicate'], 1, 'unknown command "tenant:frobnicate"'],
    [['toString'], 1, 'unknown command "toString"'],
    [['tenant:create', '--name', 'No Host'], 1, 'missing --host'],
  ])(
    'answers %j without opening a database or creating DATA_DIR',
    async (argv, code, expected) => {
      const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sorte-cli-')), 'data');
      const r = await runCli(dataDir, argv);
      expect(r.code).toBe(code);
      expect(code === 0 ? r.out : r.err).toContain(expected);
      expect(fs.existsSync(dataDir)).toBe(false);
    },
    30_000,
  );
});
