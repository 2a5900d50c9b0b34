// The page's Content-Security-Policy has no 'unsafe-eval': zod must neither compile its parsers with eval nor probe
// for it (the browser reports the probe as a violation even though zod catches it). Schemas read this when built,
// so main.tsx imports this module first. zod keeps its configuration in globalThis.__zod_globalConfig and adopts an
// object found there when it loads, so this sets it without importing zod: zod stays out of the entry chunk and
// loads with the first form or call that needs it.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });

export {};
