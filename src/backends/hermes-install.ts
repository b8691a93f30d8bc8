// Where Hermes Agent is and whether its Python can load it: HERMES_AGENT_PATH (a checkout of
// NousResearch/hermes-agent), HERMES_AGENT_PYTHON (else the checkout's .venv, else python3), an import of
// run_agent the way the runner does it, and OpenJarvis's commit pin.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { JarvisError } from '../core/errors.ts'
import { checkPin, foundLabel, gitHead, type Pin } from './external/pin.ts'

export const HERMES_PIN: Pin = {
  framework: 'Hermes Agent',
  // OpenJarvis's pin (configs/framework_comparison/_third_party.toml: 5d3be898a), in full.
  commit: '5d3be898a8671eb9fb99cf18f43165502f54e7f4',
  howToInstall: 'Check out the pinned commit (git -C <checkout> checkout 5d3be898a) and reinstall its environment (uv sync)',
}

const INSTALL =
  'Clone NousResearch/hermes-agent at 5d3be898a, install it into its own Python environment (uv sync), then set HERMES_AGENT_PATH=<checkout> and HERMES_AGENT_PYTHON=<checkout>/.venv/bin/python'

export interface HermesInstall {
  dir: string
  python: string
  pythonVersion: string
  label: string
  drift: string | null
}

const IMPORT_CHECK = 'import sys; sys.path.insert(0, sys.argv[1]); import run_agent; print(sys.version.split()[0])'

/** Runs the import the runner will run, in a throwaway HOME (importing Hermes reads and may create ~/.hermes). */
function importCheck(python: string, dir: string, env: NodeJS.ProcessEnv): string {
  const home = mkdtempSync(join(tmpdir(), 'jarvis-hermes-probe-'))
  try {
    return execFileSync(python, ['-c', IMPORT_CHECK, dir], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 120_000,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: env.PATH ?? '/usr/bin:/bin', HOME: home, LANG: env.LANG ?? 'C.UTF-8', PYTHONDONTWRITEBYTECODE: '1', HERMES_AGENT_PATH: dir },
    }).trim().split('\n').at(-1)!
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { stderr?: string }
    if (err.code === 'ENOENT' || err.code === 'EACCES')
      throw new JarvisError('JARVIS_REQUIREMENT', `hermes backend: cannot run ${python} (${err.code}). Set HERMES_AGENT_PYTHON to the Python of the Hermes environment (<checkout>/.venv/bin/python).`)
    const why = String(err.stderr ?? '').trim().split('\n').filter(Boolean).at(-1) ?? err.message.split('\n')[0]
    throw new JarvisError('JARVIS_REQUIREMENT', `hermes backend: ${python} cannot import run_agent from HERMES_AGENT_PATH=${dir} (${why}). Use the Python of the Hermes environment via HERMES_AGENT_PYTHON.`)
  } finally {
    rmSync(home, { recursive: true, force: true })
  }
}

/** Finds Hermes and checks it loads; throws a one-line JarvisError (exit 2) naming the fix. */
export function locateHermes(env: NodeJS.ProcessEnv = process.env): HermesInstall {
  if (!env.HERMES_AGENT_PATH) throw new JarvisError('JARVIS_REQUIREMENT', `hermes backend: HERMES_AGENT_PATH is not set. ${INSTALL}.`)
  const dir = resolve(env.HERMES_AGENT_PATH)
  if (!existsSync(join(dir, 'run_agent.py'))) throw new JarvisError('JARVIS_REQUIREMENT', `hermes backend: HERMES_AGENT_PATH=${dir} has no run_agent.py; point it at a checkout of NousResearch/hermes-agent. ${INSTALL}.`)
  const venv = join(dir, '.venv', 'bin', 'python')
  const python = env.HERMES_AGENT_PYTHON || (existsSync(venv) ? venv : 'python3')
  const pythonVersion = importCheck(python, dir, env)
  const commit = existsSync(join(dir, '.git')) ? gitHead(dir) : null
  const found = { commit, path: dir }
  const drift = checkPin(HERMES_PIN, found, env)
  return { dir, python, pythonVersion, label: foundLabel(found), drift }
}
