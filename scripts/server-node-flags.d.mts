/** See server-node-flags.mjs. */
export declare const SERVER_NODE_FLAGS: string[]
export declare const SERVER_ENV: NodeJS.ProcessEnv
