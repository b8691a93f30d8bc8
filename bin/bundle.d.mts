import type { Plugin } from 'vite'

export interface Bundle {
  dir: string
  /** The bundled file of an entry (a path relative to the package root), or null when it is not an entry. */
  file(rel: string): string | null
  /** An eval file's preload (its harness chunks that a model worker imports before Vitest's runtime, --import), or null. */
  workerPreload(rel: string): string | null
}
export const ROOT: string
export function entryList(): string[]
export function ensureBundle(): Promise<Bundle | null>
/** The bundle if this process has already checked it, else null. */
export function checkedBundle(): Bundle | null
export function bundlePlugin(): Plugin
