import { defineConfig } from 'vitest/config';

// The browser suite: the built site, served by the real server on a free port, driven by the system Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // A poll waits on a page that a busy two-core machine may take seconds to render; a second is too short.
    expect: { poll: { timeout: 15_000 } },
  },
});
