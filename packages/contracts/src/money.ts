import { z } from 'zod';

/** Money is integer centavos everywhere, on the wire too. 1 BRL = 100. */
export const Centavos = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
export type Centavos = z.infer<typeof Centavos>;
