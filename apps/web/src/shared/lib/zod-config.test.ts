import { describe, expect, it } from 'vitest';
import './zod-config';

describe('zod configuration for the page', () => {
  it('is jitless (no eval under the CSP) when zod loads after it, as the lazy form chunks do', async () => {
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // A schema built afterwards parses without compiling a fast path.
    const schema = z.object({ name: z.string().min(2) });
    expect(schema.safeParse({ name: 'Ana' }).success).toBe(true);
    expect(schema.safeParse({ name: 'A' }).success).toBe(false);
  });
});
