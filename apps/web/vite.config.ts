import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = import.meta.dirname;
const API = 'http://127.0.0.1:3000';

/** After the build, writes .gz and .br beside every text asset so the server can send them precompressed. */
function precompress(): Plugin {
  const TEXT = /\.(js|mjs|css|svg|html|json|txt|webmanifest)$/;
  let outDir = '';
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(dir, e.name);
      return e.isDirectory() ? walk(p) : [p];
    });
  return {
    name: 'sorte-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!TEXT.test(file)) continue;
        const data = fs.readFileSync(file);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
      }
    },
  };
}

/**
 * Writes route-chunks.json beside index.html: for each route name of src/app/pages.tsx, the JavaScript files its
 * page's lazy chunk needs (the chunk and everything it imports, transitively). The server names them in the page as
 * modulepreload links, so a route's code starts loading with the HTML instead of after the entry has run.
 */
function routeChunks(): Plugin {
  const pagesFile = path.join(root, 'src/app/pages.tsx');
  return {
    name: 'sorte-route-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const text = fs.readFileSync(pagesFile, 'utf8');
      // const home = () => import('../features/site/routes/home-page');
      const loaders = new Map<string, string>();
      for (const m of text.matchAll(/const (\w+) = \(\) => import\('([^']+)'\)/g)) {
        loaders.set(m[1]!, path.resolve(path.dirname(pagesFile), m[2]!));
      }
      // LOADERS: { home, login: home, 'user-edit': userEdit as Loader, ... }
      const table = /const LOADERS[^{]*\{([\s\S]*?)\n\};/.exec(text)?.[1] ?? '';
      const routes = new Map<string, string>();
      for (const m of table.matchAll(/^\s*'?([\w-]+)'?(?::\s*(\w+))?(?: as Loader)?,/gm)) {
        const source = loaders.get(m[2] ?? m[1]!);
        if (source) routes.set(m[1]!, source);
      }
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byModule = new Map(
        chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!.replace(/\.tsx?$/, ''), c]),
      );
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (file: string, seen: Set<string>) => {
        if (seen.has(file)) return;
        seen.add(file);
        for (const dep of byFile.get(file)?.imports ?? []) closure(dep, seen);
      };
      const out: Record<string, string[]> = {};
      for (const [route, source] of routes) {
        const chunk = byModule.get(source);
        if (!chunk) continue;
        const files = new Set<string>();
        closure(chunk.fileName, files);
        out[route] = [...files].map((f) => `/${f}`);
      }
      this.emitFile({ type: 'asset', fileName: 'route-chunks.json', source: `${JSON.stringify(out)}\n` });
    },
  };
}

/**
 * A build is the bundle the server serves, so it is React's production build whatever NODE_ENV the shell has
 * (`npm start` with NODE_ENV=development would otherwise ship the development build). `--mode development` still
 * asks for a development build on purpose. Vite reads NODE_ENV after the plugins' config hooks.
 */
function productionBuild(): Plugin {
  return {
    name: 'sorte-production-build',
    apply: 'build',
    config(_config, { mode }) {
      if (mode === 'production') process.env.NODE_ENV = 'production';
    },
  };
}

export default defineConfig({
  root,
  plugins: [productionBuild(), react(), routeChunks(), precompress()],
  server: {
    proxy: Object.fromEntries(['/api', '/site-config', '/static', '/healthz'].map((p) => [p, { target: API }])),
  },
  build: {
    outDir: path.join(root, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // The contracts package re-exports zod schemas from its index; the browser only needs a few plain
        // functions and types from it. Declaring its modules free of side effects lets unused schemas (and zod)
        // drop out of the bundle.
        moduleSideEffects: (id: string) => !id.includes('/packages/contracts/'),
      },
    },
  },
});
