// Where the file tools may look: only inside the sample's environment work dir. A path the model gives is
// resolved against it; `..`, an absolute path elsewhere, or a symlink (anywhere on the way) that leads out are
// refused with a message the model sees. realpath is taken of the longest part that exists, so a link made by
// model code (code_interpreter writes into its own copy, but a container may not) cannot point outside.
import { lstatSync, realpathSync } from 'node:fs'
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import type { Environment } from '../core/environment.ts'
import { ToolArgumentError } from './args.ts'

export function requireWorkDir(environment: Environment | null): string {
  if (!environment) throw new ToolArgumentError('this sample has no files (no environment): there is nothing to read or write')
  return environment.workDir
}

const inside = (root: string, p: string) => {
  const rel = relative(root, p)
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel))
}

const exists = (p: string) => {
  try {
    lstatSync(p)
    return true
  } catch {
    return false
  }
}

/**
 * The real path of `p`, or of its deepest existing ancestor joined with the rest (for files not yet written).
 * A dangling symlink counts as existing (lstat), so its realpath fails and the path is refused: writing through
 * it would create a file wherever it points.
 */
function realish(p: string): string {
  let head = p
  const tail: string[] = []
  while (!exists(head)) {
    const up = dirname(head)
    if (up === head) break
    tail.unshift(head.slice(up.length + (up.endsWith(sep) ? 0 : 1)))
    head = up
  }
  return join(realpathSync(head), ...tail)
}

/**
 * The host path of a model-given path inside the work dir; throws (→ a tool error) when it leads outside.
 * `display` is the path relative to the work dir, for messages.
 */
export function resolveInWorkDir(environment: Environment | null, given: string): { path: string; display: string } {
  const root = requireWorkDir(environment)
  const realRoot = realpathSync(root)
  if (given.includes('\0')) throw new ToolArgumentError('the path contains a NUL byte')
  const cleaned = given.trim() === '' ? '.' : given.trim()
  // An absolute path is accepted only when it already points into the work dir (models echo paths they were shown).
  const target = isAbsolute(cleaned) ? resolve(cleaned) : resolve(root, cleaned)
  const lexical = inside(root, target) || inside(realRoot, target)
  if (!lexical) throw new ToolArgumentError(`"${given}" is outside the sample's files; use a path relative to the work dir (see ls)`)
  let real: string
  try {
    real = realish(target)
  } catch {
    throw new ToolArgumentError(`"${given}" is a symbolic link that leads nowhere; it cannot be used`)
  }
  if (!inside(realRoot, real)) throw new ToolArgumentError(`"${given}" leads outside the sample's files (a symbolic link); it cannot be used`)
  const display = relative(realRoot, real) || '.'
  return { path: real, display }
}
