import { createHash } from 'node:crypto';
import type { ProviderRow } from './repo';

/** What the casino asks of a game provider to launch a game (the providers module's adapters implement it). */
export type LaunchRequest = {
  provider: ProviderRow;
  /** The provider's id of the game. */
  providerGameId: string;
  /** Our session token for a real-money launch; null for demo. */
  sessionToken: string | null;
  playerId: string | null;
  demo: boolean;
  language: 'pt' | 'en';
  currency: 'BRL';
  /** Where the provider calls our wallet (…/api/providers/{code}). */
  callbackUrl: string;
  /** Host header the provider must send with its callbacks (the tenant's host). */
  callbackHost: string;
  /** Where "back to lobby" in the game goes. */
  lobbyUrl: string;
};

export type GameLauncher = {
  /** The games run on our own site (Sorte Originals): launch returns an in-site path and no session is issued. */
  inSite?: boolean;
  /** Asks the provider for a game URL; called after our session row is committed, never inside a transaction. */
  launch(req: LaunchRequest): Promise<{ url: string }>;
};

/**
 * The launchers by protocol (a provider row names the protocol it speaks). app.ts hands the casino the providers
 * module's registry, so the casino does not import the module that builds on it.
 */
export type GameLaunchers = ReadonlyMap<string, GameLauncher>;

/** A game session is stored by the hash of its token: the token itself is only ever in the provider's hands. */
export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');
