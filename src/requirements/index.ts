// Requirement probes: each tries the real thing once per process (the engine answers /_ping, bwrap creates a
// namespace, the Python package imports, the program is on PATH) and says in one sentence what is missing and
// how to get it. Probes run in parallel and load their modules lazily, so `jarvis eval list` stays fast.
//
//   checkRequirements(list, env?) → RequirementStatus[]      requirementError(subject, statuses) → JarvisError | null
import { spawn } from 'node:child_process'
import { accessSync, constants, existsSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { JarvisError } from '../core/errors.ts'
import { requirementLabel, type Requirement, type RequirementStatus } from '../core/requirement.ts'
import { CHROMIUM_INSTALL, findChromium } from './chromium.ts'

const cache = new Map<string, Promise<RequirementStatus>>()

/** `options`: the run's [benchmarks.options]; a requirement with an `option` reads its setting there first. */
export function checkRequirements(list: readonly Requirement[], env: NodeJS.ProcessEnv = process.env, options: Record<string, string> = {}): Promise<RequirementStatus[]> {
  return Promise.all(list.map((r) => probe(r, env, options)))
}

function probe(r: Requirement, env: NodeJS.ProcessEnv, options: Record<string, string>): Promise<RequirementStatus> {
  const setting = 'env' in r ? settingOf(r, env, options) : ''
  const own = r.kind === 'python-module' ? env[r.pythonEnv ?? 'JARVIS_PYTHON'] : r.kind === 'mysql-server' ? env.JARVIS_MYSQL_URL : ''
  const key = JSON.stringify([r, r.notNeededWhen ? env[r.notNeededWhen.env] : '', env.JARVIS_CONTAINER_RUNTIME, env.DOCKER_HOST, env.JARVIS_ROOTFS_DIR, env.PATH, env.PYTHONPATH, own, setting, env.JARVIS_CHROMIUM])
  let p = cache.get(key)
  if (!p) cache.set(key, (p = run(r, env, options).then(([ok, detail]) => ({ requirement: r, label: requirementLabel(r), ok, detail }))))
  return p
}

/** A setting a requirement names: the run's option, else its environment variable. */
function settingOf(r: { env: string; option?: string }, env: NodeJS.ProcessEnv, options: Record<string, string>): string {
  return ((r.option ? options[r.option] : undefined) ?? env[r.env] ?? '').trim()
}

/** How a setting was given, for messages: `[benchmarks.options] data_dir = "…"` or `TAU2_DATA_DIR=…`. */
function givenAs(r: { env: string; option?: string }, options: Record<string, string>, value: string): string {
  return r.option && options[r.option] !== undefined ? `[benchmarks.options] ${r.option} = "${value}"` : `${r.env}=${value}`
}

async function run(r: Requirement, env: NodeJS.ProcessEnv, options: Record<string, string>): Promise<[boolean, string]> {
  const skip = r.notNeededWhen
  if (skip && (env[skip.env] ?? '').toLowerCase() === skip.equals.toLowerCase()) return [true, `not needed (${skip.env}=${env[skip.env]})`]
  try {
    switch (r.kind) {
      case 'container-runtime': {
        const { containerRuntime } = await import('../containers/index.ts')
        const p = await (await containerRuntime(env)).probe()
        return p.ok ? [true, `${p.where}${p.detail ? ` (${p.detail})` : ''}`] : [false, p.reason]
      }
      case 'docker-engine': {
        const { DockerEngineRuntime } = await import('../containers/docker-runtime.ts')
        const p = await new DockerEngineRuntime(env).probe()
        return p.ok ? [true, `${p.where} (${p.detail})`] : [false, p.reason]
      }
      case 'python-module': {
        const python = env[r.pythonEnv ?? 'JARVIS_PYTHON'] || 'python3'
        const res = await runQuiet(python, ['-c', `import ${r.module}`], env)
        if (res.code === 0) return [true, `${python}: import ${r.module}`]
        const why = res.error ?? (res.stderr.trim().split('\n').pop() || `exit ${res.code}`)
        return [false, `Python package ${r.module}: ${python} -c "import ${r.module}" failed (${why}). ${r.install}`]
      }
      case 'command': {
        const found = onPath(r.command, env)
        return found ? [true, found] : [false, `${r.command} is not on PATH. ${r.install}`]
      }
      case 'mysql-server': {
        const { probeSqlServer } = await import('../databases/index.ts')
        const p = await probeSqlServer(env)
        return p.ok ? [true, p.where] : [false, `MySQL-compatible server: ${p.reason}`]
      }
      case 'sparql-endpoint':
        return probeSparql(r.env, r.install, env)
      case 'data-dir': {
        const dir = settingOf(r, env, options)
        const how = r.option ? `set ${r.env} or [benchmarks.options] ${r.option}` : `set ${r.env}`
        if (!dir) return [false, `${r.what} is needed: ${how} to its folder. ${r.install}`]
        if (!r.markers.some((m) => existsSync(join(dir, m)))) return [false, `${givenAs(r, options, dir)} holds no ${r.markers.join(' or ')}; point it at ${r.what}. ${r.install}`]
        return [true, dir]
      }
      case 'service': {
        const url = settingOf(r, env, options)
        if (!url) return [false, `${r.what} is needed: set ${r.env}${r.option ? ` or [benchmarks.options] ${r.option}` : ''} to its URL. ${r.install}`]
        const why = await httpAnswers(url)
        return why === null ? [true, url] : [false, `${givenAs(r, options, url)} did not answer (${why}). ${r.install}`]
      }
      case 'chromium': {
        const found = findChromium(env)
        if (found.path === null) return [false, `no Chromium at ${found.looked}. ${CHROMIUM_INSTALL}`]
        const res = await runQuiet(found.path, ['--version'], env, 'stdout')
        if (res.code !== 0) return [false, `${found.path} --version failed (${res.error ?? `exit ${res.code}`}). ${CHROMIUM_INSTALL}`]
        return [true, `${found.path} (${res.stdout.trim().split('\n').pop()})`]
      }
    }
  } catch (e) {
    return [false, `${requirementLabel(r)}: ${(e as Error).message}`]
  }
}

/** A SPARQL endpoint answers the smallest query there is (ASK {}) within 5 s. */
async function probeSparql(name: string, install: string, env: NodeJS.ProcessEnv): Promise<[boolean, string]> {
  const url = env[name]?.trim()
  if (!url) return [false, `${name} is not set. ${install}`]
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return [false, `${name}=${url} is not a URL. ${install}`]
  }
  u.searchParams.set('query', 'ASK {}')
  try {
    const res = await fetch(u, { headers: { accept: 'application/sparql-results+json' }, signal: AbortSignal.timeout(5000) })
    if (res.ok) return [true, `${url} (ASK {} answered)`]
    return [false, `${name}=${url} answered ${res.status} to ASK {}. ${install}`]
  } catch (e) {
    const why = (e as { cause?: { code?: string } }).cause?.code ?? (e as Error).message
    return [false, `${name}=${url} did not answer (${why}). ${install}`]
  }
}

function onPath(command: string, env: NodeJS.ProcessEnv): string | null {
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    try {
      accessSync(join(dir, command), constants.X_OK)
      return join(dir, command)
    } catch {}
  }
  return null
}

/** null when `url` answers HTTP at all (any status: the service is up), else why not. 5 s, as OpenJarvis's probe. */
async function httpAnswers(url: string): Promise<string | null> {
  try {
    const res = await fetch(url, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(5000) })
    await res.body?.cancel()
    return null
  } catch (e) {
    const err = e as Error & { cause?: { code?: string } }
    return err.name === 'TimeoutError' ? 'no answer in 5 s' : (err.cause?.code ?? err.message)
  }
}

function runQuiet(cmd: string, args: string[], env: NodeJS.ProcessEnv, keep: 'stderr' | 'stdout' = 'stderr'): Promise<{ code: number | null; stderr: string; stdout: string; error?: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { PATH: env.PATH ?? '', HOME: env.HOME ?? '/tmp', PYTHONPATH: env.PYTHONPATH ?? '' }, stdio: ['ignore', keep === 'stdout' ? 'pipe' : 'ignore', 'pipe'] })
    // Our own timer (spawn's `timeout` keeps the process alive for its whole length when the spawn fails).
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
    let stderr = ''
    let stdout = ''
    child.stderr?.on('data', (d) => (stderr += d))
    child.stdout?.on('data', (d) => (stdout += d))
    child.on('error', (e) => (clearTimeout(timer), resolve({ code: null, stderr, stdout, error: (e as NodeJS.ErrnoException).code ?? e.message })))
    child.on('close', (code) => (clearTimeout(timer), resolve({ code, stderr, stdout })))
  })
}

/** One line for everything missing, or null when nothing is: "<subject> needs …: <detail>; <detail>". */
export function requirementError(subject: string, statuses: RequirementStatus[]): JarvisError | null {
  const missing = statuses.filter((s) => !s.ok)
  if (!missing.length) return null
  return new JarvisError('JARVIS_REQUIREMENT', `${subject} needs ${missing.map((s) => s.label).join(', ')}: ${missing.map((s) => s.detail).join(' ')}`)
}
