/** `vitest/node`: the bundled copy in the CLI (built first if need be), else the package's. */
export function loadVitestNode(): Promise<typeof import('vitest/node')>
/** After a run: the code cache of every bundled chunk that had none (or a stale one). */
export function saveCodeCache(): void
/** Where this process's vitest/node came from, for -v. */
export function vitestNodeSource(): string
