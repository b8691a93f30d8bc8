import type { Plugin } from 'vite'

export interface Bundle {
  dir: string
  /** The bundled file of an entry (a path relative to the package root), or null when it is not an entry. */
  file(rel: string): string | null
}
export const ROOT: string
export function entryList(): string[]
export function ensureBundle(): Promise<Bundle | null>
export function bundlePlugin(): Plugin
