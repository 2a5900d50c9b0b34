import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = import.meta.dirname;
const API = 'http://127.0.0.1:3000';

/** Writes .gz and .br beside every text asset: the server sends them precompressed. */
function precompress(): Plugin {
  const TEXT = /\.(js|mjs|css|svg|html|json|txt)$/;
  let outDir = '';
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(dir, e.name);
      return e.isDirectory() ? walk(p) : [p];
    });
  return {
    name: 'admin-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!TEXT.test(file) || file.endsWith('index.html')) continue;
        const data = fs.readFileSync(file);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data));
      }
    },
  };
}

/** A build is what the server serves: React's production build whatever NODE_ENV the shell has. */
function productionBuild(): Plugin {
  return {
    name: 'admin-production-build',
    apply: 'build',
    config(_config, { mode }) {
      if (mode === 'production') process.env.NODE_ENV = 'production';
    },
  };
}

// The console's own bundle, served by the server at /admin: nothing here is shared with the player site's build.
export default defineConfig({
  root,
  base: '/admin/',
  plugins: [productionBuild(), react(), precompress()],
  server: { proxy: { '/api': { target: API } } },
  build: {
    outDir: path.join(root, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Only the permission set and a few constants of the contracts reach the browser; the rest (zod schemas) drops.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/contracts/') },
      // The libraries in chunks of their own: a console release changes the app chunk, and the browser keeps the
      // rest (each file name carries its content hash); the charts load apart from the framework.
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'charts', test: /node_modules[\\/](recharts|d3-[a-z-]+|victory-vendor|decimal\.js-light)[\\/]/ },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|rc-[a-z-]+|@rc-component)[\\/]/ },
            { name: 'refine', test: /node_modules[\\/](@refinedev|@tanstack)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
