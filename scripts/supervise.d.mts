/** See supervise.mjs. */
export declare const CONFIG_ERROR_EXIT_CODE: number
export declare function supervise(mainJs: string, options?: { log?: (line: string) => void }): void
