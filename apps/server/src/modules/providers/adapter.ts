import type { GameLauncher, ProviderRow } from '../casino/index';

export type { LaunchRequest } from '../casino/index';

/**
 * The seamless-wallet operations a game provider's server asks of us. Every protocol (our generic one, and any
 * aggregator's own wire format added later) is mapped onto these, so the money rules live in one place
 * (seamless.ts) and an adapter only translates.
 */
export type WalletAction =
  | { op: 'authenticate'; sessionToken: string }
  | { op: 'balance'; sessionToken: string; playerId: string }
  | {
      op: 'bet';
      sessionToken: string;
      playerId: string;
      txId: string;
      roundId: string;
      gameId: string;
      amount: number;
    }
  | {
      op: 'win';
      sessionToken: string;
      playerId: string;
      txId: string;
      roundId: string;
      gameId: string;
      amount: number;
      roundClosed: boolean;
      /**
       * A win of a free round (a spin of a free-rounds campaign we created, played at no stake): the campaign's id.
       * It has no bet and no open round of ours; it is paid into the free-spins bonus.
       */
      freeRoundId?: string;
    }
  | {
      op: 'rollback';
      sessionToken: string;
      playerId: string;
      txId: string;
      /** The provider's transaction id of the bet being cancelled. */
      refTxId: string;
      roundId: string;
    };

export type WalletOp = WalletAction['op'];

/** Why a call was answered with an error. Insufficient funds is an answer like any other, never an exception. */
export type WalletErrorCode =
  | 'INVALID_SIGNATURE'
  | 'INVALID_REQUEST'
  | 'SESSION_NOT_FOUND'
  | 'SESSION_EXPIRED'
  | 'PLAYER_MISMATCH'
  | 'INSUFFICIENT_FUNDS'
  | 'BET_ROLLED_BACK'
  | 'ROUND_NOT_FOUND'
  | 'ROUND_CLOSED'
  | 'ROUND_ROLLED_BACK'
  | 'WIN_LIMIT_EXCEEDED'
  | 'TRANSACTION_CONFLICT'
  | 'NOT_A_BET'
  | 'PLAYER_BLOCKED'
  /** The player's responsible-gaming limits (wager, loss, play time) refuse the stake. */
  | 'RESPONSIBLE_GAMING_LIMIT'
  /** A free-round win for a campaign that is not this player's on this game, or is cancelled or expired. */
  | 'FREE_ROUNDS_NOT_FOUND'
  /** A free-round win past the campaign's number of rounds. */
  | 'FREE_ROUNDS_USED_UP'
  | 'INTERNAL';

export type WalletResult =
  | {
      status: 'ok';
      /** Playable balance after the call, centavos. */
      balance: number;
      currency: 'BRL';
      playerId?: string;
      /** Our ledger transaction id, when money moved (or the original one on a repeat). */
      transactionId?: string;
    }
  | { status: 'error'; code: WalletErrorCode; balance?: number; currency: 'BRL' };

/**
 * A game-provider protocol. Register one per protocol in PROTOCOLS (registry.ts); a tenant's provider row names
 * the protocol it speaks.
 *
 * - `launch` asks the provider for a game URL. Called after our session row is committed: never inside a
 *   transaction (the provider is another system).
 * - `verify` checks the signature of an inbound call over its raw body with the provider's shared secret.
 * - `parse` maps an inbound call (path operation + JSON body) to a WalletAction, or null when it is malformed.
 * - `reply` maps our result back to the provider's wire format (HTTP status + body).
 */
export type GameProviderAdapter = GameLauncher & {
  protocol: string;
  verify(rawBody: string, headers: Record<string, string | string[] | undefined>, secret: string): boolean;
  parse(op: string, body: unknown): WalletAction | null;
  reply(result: WalletResult): { statusCode: number; body: unknown };
  /**
   * Free rounds (a protocol without them leaves these out): creates a campaign at the provider, idempotent on
   * `campaignId`; answers 'refused' when the provider will never take it (unknown game, a stake it does not
   * offer) and throws when it could not be asked (try again later). Never inside a transaction.
   */
  grantFreeRounds?(req: FreeRoundsRequest): Promise<'ok' | 'refused'>;
  /** Cancels a campaign's rounds not played yet; a campaign the provider does not know is cancelled already. */
  cancelFreeRounds?(req: { provider: ProviderRow; campaignId: string }): Promise<void>;
};

export type FreeRoundsRequest = {
  provider: ProviderRow;
  campaignId: string;
  /** The player as the wallet calls name them (our user id). */
  playerId: string;
  providerGameId: string;
  rounds: number;
  /** The stake of each round, centavos (the provider plays it; the player pays nothing). */
  bet: number;
  expiresAt: Date;
};
