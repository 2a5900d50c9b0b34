import { z } from 'zod';

// The page's Content-Security-Policy has no 'unsafe-eval': zod must neither compile its parsers with eval nor probe
// for it (the browser reports the probe as a violation even though zod catches it). Schemas read this when built,
// so main.tsx imports this module first.
z.config({ jitless: true });
