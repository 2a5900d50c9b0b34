import { type BcbOptions, BcbPixProvider } from './bcb';
import type { PixProvider } from './provider';

export type PspOptions = BcbOptions;

/**
 * PSP registry: identifier -> factory. Add a PSP by implementing PixProvider (provider.ts) in a file of its own and
 * registering it here; the built-in sandbox is reached through the "bcb" adapter, as a real bank would be.
 */
export const PSP_REGISTRY: Record<string, (o: PspOptions) => PixProvider> = {
  bcb: (o) => new BcbPixProvider(o),
};
