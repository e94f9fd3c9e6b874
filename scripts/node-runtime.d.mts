/** Flags for `node` when it runs the server (see node-runtime.mjs). */
export declare const serverNodeFlags: string[];

/** The environment of the server process: the caller's, with the allocator limit defaulted. */
export declare function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
