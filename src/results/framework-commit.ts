import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

let commit: string | null = null

/** The harness's git commit (traces' framework_commit, as OpenJarvis records its HEAD), or "" outside a checkout. */
export function frameworkCommit(): string {
  if (commit !== null) return commit
  try {
    const root = fileURLToPath(new URL('../..', import.meta.url))
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', timeout: 3000, stdio: ['ignore', 'pipe', 'ignore'] }).trim()
  } catch {
    commit = ''
  }
  return commit
}
