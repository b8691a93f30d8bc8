// Framework pins: results of an external agent are only comparable for the version they were measured with, so a
// different version is refused unless JARVIS_ALLOW_COMMIT_DRIFT=1 (OpenJarvis's switch, same name), which warns.
import { execFileSync } from 'node:child_process'
import { JarvisError } from '../../core/errors.ts'

export interface Pin {
  /** The framework as users name it (error lines). */
  framework: string
  /** An npm release (OpenClaw); matched exactly. */
  version?: string
  /** A git commit (OpenJarvis's pins); a prefix of either side matches, as OpenJarvis's verify_commit_pin. */
  commit?: string
  /** How to install the pinned one, for the error line. */
  howToInstall: string
}

export interface Found {
  version?: string | null
  commit?: string | null
  path: string
}

/** `git -C path rev-parse HEAD`, or null outside a git checkout. */
export function gitHead(path: string): string | null {
  try {
    return execFileSync('git', ['-C', path, 'rev-parse', 'HEAD'], { encoding: 'utf8', timeout: 5000, stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null
  } catch {
    return null
  }
}

const commitMatches = (a: string, b: string) => a.length >= 7 && b.length >= 7 && (a.startsWith(b) || b.startsWith(a))

/** What ran, as results record it: `2026.9.6`, `5d3be898a867`, or `2026.9.6 (commit …)`. */
export const foundLabel = (f: Found): string => [f.version, f.commit ? `commit ${f.commit.slice(0, 12)}` : null].filter(Boolean).join(', ') || 'not a git checkout (no commit to check)'

/** Passes for the pinned version or commit; otherwise throws, or with JARVIS_ALLOW_COMMIT_DRIFT=1 returns a warning. */
export function checkPin(pin: Pin, found: Found, env: NodeJS.ProcessEnv = process.env): string | null {
  if (pin.version && found.version === pin.version) return null
  if (pin.commit && found.commit && commitMatches(pin.commit, found.commit)) return null
  const wanted = [pin.version, pin.commit ? `commit ${pin.commit.slice(0, 12)}` : null].filter(Boolean).join(' or ')
  const what = `${pin.framework} at ${found.path} is ${foundLabel(found)}, but jarvis-evals is pinned to ${wanted}`
  if (env.JARVIS_ALLOW_COMMIT_DRIFT === '1') return `${what}; running it anyway (JARVIS_ALLOW_COMMIT_DRIFT=1).`
  throw new JarvisError('JARVIS_REQUIREMENT', `${what}. ${pin.howToInstall}, or set JARVIS_ALLOW_COMMIT_DRIFT=1 to run this one anyway.`)
}
