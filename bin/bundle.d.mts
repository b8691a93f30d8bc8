import type { Plugin } from 'vite'

export interface Bundle {
  dir: string
  /** The bundled file of an entry (a path relative to the package root), or null when it is not an entry. */
  file(rel: string): string | null
  /** The model workers' preload: the harness chunks they import before Vitest's runtime (--import), or null. */
  workerPreload(): string | null
}
export const ROOT: string
export function entryList(): string[]
export function ensureBundle(): Promise<Bundle | null>
/** The bundle if this process has already checked it, else null. */
export function checkedBundle(): Bundle | null
export function bundlePlugin(): Plugin
/** bin/run-cli.mjs: this process is the CLI, running from the start-up bundle. */
export function markBundledCli(): void
/** Whether this process is the CLI running from the bundle (not a test, a `vitest run` or a library caller). */
export function isBundledCli(): boolean
/** Removes the entries of `dir` that `isOld` names (default: old builds) once they are a minute old. */
export function sweep(dir: string, isOld?: (name: string) => boolean): void
