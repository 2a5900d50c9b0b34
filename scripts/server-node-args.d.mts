/** The V8 flags the server runs with (see server-node-args.mjs). */
export declare const SERVER_NODE_ARGS: readonly string[];
