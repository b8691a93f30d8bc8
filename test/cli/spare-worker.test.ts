// The CLI forks Vitest's test worker before it reads the suite (src/cli/spare-worker.ts) and Vitest's pool adopts
// it only when it was launched exactly as Vitest would launch one; and every model worker preloads the harness
// chunks (bin/bundle.mjs), which must never import vitest (they run before Vitest's runtime). Real processes.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ensureBundle } from '../../bin/bundle.mjs'
import { disposeEarlySpare, expectedWorkerLaunch, forkEarlySpare, forkSpareWorker, takeEarlySpare } from '../../src/cli/spare-worker.ts'
import { modelProjects, workerExecArgv } from '../../src/config/projects.ts'
import type { ResolvedRun } from '../../src/config/resolved-run.ts'
import { PACKAGE_ROOT } from '../../src/cli/vitest-runner.ts'

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe('the spare test worker', () => {
  test('is handed over only for the env and execArgv it was forked with, once; an untaken one is killed', async () => {
    const spare = forkSpareWorker(['--max-old-space-size=512'])
    const { env, execArgv } = expectedWorkerLaunch(['--max-old-space-size=512'])
    expect(execArgv.slice(-1)).toEqual(['--max-old-space-size=512'])
    expect(spare.take({ ...env, JARVIS_SOMETHING: '1' }, execArgv)).toBeNull()
    expect(spare.refusal).toBe('env differs in JARVIS_SOMETHING')
    expect(spare.take(env, [...execArgv, '--no-warnings'])).toBeNull()
    expect(spare.refusal).toMatch(/^execArgv differs/)
    const child = spare.take(env, execArgv)
    expect(child?.pid).toBeGreaterThan(0)
    expect(spare.taken).toBe(true)
    expect(spare.take(env, execArgv)).toBeNull() // once
    child!.kill()
  })

  test('an untaken spare is killed by dispose()', async () => {
    const spare = forkSpareWorker([])
    const pid = spare.pid!
    expect(alive(pid)).toBe(true)
    spare.dispose()
    await until(() => !alive(pid))
    expect(spare.take(expectedWorkerLaunch([]).env, expectedWorkerLaunch([]).execArgv)).toBeNull()
    expect(spare.refusal).toBe('the spare worker is gone')
  })

  test('keeps no process alive: a CLI that never starts Vitest exits at once', () => {
    const script = `import { forkSpareWorker } from ${JSON.stringify(resolve(PACKAGE_ROOT, 'src/cli/spare-worker.ts'))}\nforkSpareWorker([])\nconsole.log('done')\n`
    const t = Date.now()
    const r = spawnSync(process.execPath, ['--import', resolve(PACKAGE_ROOT, 'bin/register-ts.mjs'), '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 })
    expect(r.stdout.trim(), r.stderr).toBe('done')
    expect(r.status).toBe(0)
    expect(Date.now() - t).toBeLessThan(15_000)
  })
})

describe('the model workers\' preload', () => {
  test('names the harness chunks every eval file needs, and they load in a bare Node before any Vitest runtime', async () => {
    const b = (await ensureBundle())!
    expect(b, 'the start-up bundle builds here').not.toBeNull()
    const preload = b.workerPreload()!
    const imports = readFileSync(preload, 'utf8').trim().split('\n')
    expect(imports.length).toBeGreaterThan(5)
    // The direct backend and the engines a first sample needs; none that imports vitest.
    const sources = imports.map((line) => readFileSync(join(dirname(preload), JSON.parse(line.slice('import '.length))), 'utf8'))
    expect(sources.some((src) => src.includes('JarvisDirectBackend'))).toBe(true)
    for (const src of sources) expect(src).not.toMatch(/from "vitest"|from "@vitest\//)
    // test.extend at import time throws outside a running suite: a preload that reached vitest would fail here.
    const r = spawnSync(process.execPath, ['--import', preload, '-e', '0'], { encoding: 'utf8', timeout: 30_000 })
    expect(r.status, r.stderr).toBe(0)
  })

  test('is the same for every model project, so the first worker can be forked before the suite is read', async () => {
    await ensureBundle()
    const projects = modelProjects([run('a', 'm1', null), run('b', 'm2', { path: 'x.jsonl' })], PACKAGE_ROOT)
    const argvs = projects.map((p) => JSON.stringify(p.test?.execArgv))
    expect(new Set(argvs).size).toBe(1)
    expect(argvs[0]).toBe(JSON.stringify(workerExecArgv()))
  })
})

describe('the early spare (forked by main.ts before the suite is read)', () => {
  test('is taken when a worker would still be launched so, and killed when the run changed its env since', async () => {
    forkEarlySpare()
    const taken = takeEarlySpare(workerExecArgv())
    expect(taken?.pid).toBeGreaterThan(0)
    expect(takeEarlySpare(workerExecArgv())).toBeNull() // once
    taken!.dispose()

    forkEarlySpare()
    process.env.JARVIS_EARLY_SPARE_TEST = '1' // what -v or an external agent's key does before the spare is taken
    try {
      expect(takeEarlySpare(workerExecArgv())).toBeNull()
    } finally {
      delete process.env.JARVIS_EARLY_SPARE_TEST
    }
  })

  test('disposeEarlySpare() kills one nobody took', async () => {
    forkEarlySpare()
    disposeEarlySpare()
    expect(takeEarlySpare(workerExecArgv())).toBeNull()
  })
})

function run(benchmark: string, model: string, dataset: { path: string } | null): ResolvedRun {
  return { benchmark, model, modelSlug: model, dataset, maxWorkers: 4, parts: 1 } as unknown as ResolvedRun
}
