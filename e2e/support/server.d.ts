export declare const ROOT: string;
export declare function freePort(): Promise<number>;
export type RunningServer = {
  url: string;
  port: number;
  dataDir: string;
  /** Runs `npm run ops -- ...argv` against this server's data directory (it forwards to the running server). */
  ops(...argv: string[]): {
    code: number;
    out: string;
  };
  stop(): Promise<void>;
};
/** Starts the real server (embedded PGlite in a fresh data directory) exactly as `npm start` runs it. */
export declare function startServer(env?: Record<string, string>): Promise<RunningServer>;
