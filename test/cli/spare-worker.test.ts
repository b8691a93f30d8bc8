// The CLI forks Vitest's test worker before preflight (src/cli/spare-worker.ts) and Vitest's pool adopts it only
// when it was launched exactly as Vitest would launch one; and a model worker preloads its eval file's harness
// chunks (bin/bundle.mjs), which must never import vitest (they run before Vitest's runtime). Real processes.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ensureBundle } from '../../bin/bundle.mjs'
import { expectedWorkerLaunch, forkSpareWorker } from '../../src/cli/spare-worker.ts'
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
  test('names, for each eval file, harness chunks that load in a bare Node before any Vitest runtime', async () => {
    const b = (await ensureBundle())!
    expect(b, 'the start-up bundle builds here').not.toBeNull()
    for (const evalFile of ['evals/custom/custom.eval.ts', 'evals/supergpqa/supergpqa.eval.ts', 'evals/gaia/gaia.eval.ts']) {
      const preload = b.workerPreload(evalFile)!
      const imports = readFileSync(preload, 'utf8').trim().split('\n')
      expect(imports.length).toBeGreaterThan(5)
      // Every chunk the eval file needs first is in it; none that imports vitest.
      for (const line of imports) expect(readFileSync(join(dirname(preload), JSON.parse(line.slice('import '.length))), 'utf8')).not.toMatch(/from "vitest"|from "@vitest\//)
      // test.extend at import time throws outside a running suite: a preload that reached vitest would fail here.
      const r = spawnSync(process.execPath, ['--import', preload, '-e', '0'], { encoding: 'utf8', timeout: 30_000 })
      expect(r.status, r.stderr).toBe(0)
    }
    expect(b.workerPreload('src/cli/main.ts')).toBeNull()
  })
})
