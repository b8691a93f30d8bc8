// The TerminalBench v2.1 loader on task folders in the real Harbor layout: both task.toml shapes, the prompt,
// the checkout from TBV21_REPO_DIR or a clone (a local git repository stands in for GitHub), and bad tasks.
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { REPO_ROOT } from '../../test/support/run-process.ts'
import { taskEnvironment } from './environment.ts'
import { loadTerminalBench, taskDirs } from './loader.ts'
import { PREAMBLE } from './prompt.ts'
import { memoryBytes, readTask } from './task-toml.ts'

const FIXTURES = join(REPO_ROOT, 'test/fixtures/terminalbench-v2.1')
const dir = mkdtempSync(join(tmpdir(), 'jarvis-tbv21-loader-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const ctx = (lines: string[] = []) => ({ seed: 42, log: (m: string) => lines.push(m) })

describe('terminalbench-v2.1 loader', () => {
  test('reads every task folder: ids, image, limits, timeouts, category as subject', async () => {
    const records = await loadTerminalBench(ctx(), { TBV21_REPO_DIR: FIXTURES })
    expect(records.map((r) => r.record_id)).toEqual(['terminalbench-v2.1-hello-file', 'terminalbench-v2.1-sum-numbers', 'terminalbench-v2.1-three-checks'])
    const [hello, sum, three] = records
    expect(hello).toMatchObject({ category: 'agentic', subject: 'file-operations', metadata: { task_id: 'hello-file', docker_image: 'jarvis-test/host-usr:1', cpus: 1, memory_bytes: 2 * 1024 ** 3, agent_timeout_sec: 120, verifier_timeout_sec: 60, difficulty: 'easy', storage: '10G' } })
    expect(sum.metadata).toMatchObject({ memory_bytes: 2048 * 1024 ** 2, allow_internet: true, storage: 10240, category: 'scientific-computing', tags: ['python', 'arithmetic'] })
    expect(three.metadata.memory_bytes).toBe(1024 ** 3)
  })

  test('prompt: the preamble naming the shell tool, then the instruction; never the tests or the solution', async () => {
    const [hello] = await loadTerminalBench(ctx(), { TBV21_REPO_DIR: FIXTURES })
    expect(hello.problem).toBe(`${PREAMBLE}\n\n--- TASK ---\nCreate a file called /app/hello.txt whose whole content is the line "Hello, world!".`)
    expect(hello.problem).toContain('Use the `shell` tool')
    expect(hello.problem).not.toMatch(/test_outputs|reward|solve\.sh/)
  })

  test('the environment: the task image, its limits, no tests mounted, a verifier log folder', async () => {
    const [hello] = await loadTerminalBench(ctx(), { TBV21_REPO_DIR: FIXTURES })
    const spec = taskEnvironment(hello)
    expect(spec).toMatchObject({ kind: 'container', image: 'jarvis-test/host-usr:1', cpus: 1, memoryBytes: 2 * 1024 ** 3, setup: ['mkdir -p /logs/verifier'] })
    expect(spec.name).toMatch(/^tbv21-hello-file-[0-9a-f]{8}$/)
    expect(spec.binds).toBeUndefined()
  })

  test('clones the tasks branch once into the cache when no checkout is given', async () => {
    const src = join(dir, 'upstream')
    cpSync(FIXTURES, src, { recursive: true })
    const git = (...args: string[]) => spawnSync('git', ['-C', src, ...args], { encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } })
    for (const a of [['init', '-q', '-b', 'main'], ['add', '-A'], ['commit', '-qm', 'tasks'], ['branch', 'terminal-bench-2.1']]) expect(git(...a).status).toBe(0)
    const env = { XDG_CACHE_HOME: join(dir, 'cache'), TBV21_REPO_URL: `file://${src}`, PATH: process.env.PATH ?? '' }
    const lines: string[] = []
    const records = await loadTerminalBench(ctx(lines), env)
    expect(records).toHaveLength(3)
    expect(lines[0]).toBe(`cloning file://${src} (branch terminal-bench-2.1) into ${join(dir, 'cache', 'jarvis-evals', 'terminalbench-v2.1', 'repo')}`)
    const again: string[] = []
    await loadTerminalBench(ctx(again), env)
    expect(again.some((l) => l.startsWith('cloning'))).toBe(false)
    await expect(loadTerminalBench(ctx(), { ...env, XDG_CACHE_HOME: join(dir, 'cache2'), TBV21_BRANCH: 'no-such-branch' })).rejects.toMatchObject({ code: 'JARVIS_DATASET', message: expect.stringMatching(/git clone .* --branch no-such-branch failed/) })
    await expect(loadTerminalBench(ctx(), { XDG_CACHE_HOME: join(dir, 'cache3'), HF_HUB_OFFLINE: '1' })).rejects.toThrow(/HF_HUB_OFFLINE=1 forbids cloning/)
  })

  test('finds tasks under tasks/ too; a folder with no tasks is a dataset error', async () => {
    const nested = join(dir, 'nested')
    cpSync(FIXTURES, join(nested, 'tasks'), { recursive: true })
    expect(taskDirs(nested).map((d) => d.split('/').pop())).toEqual(['hello-file', 'sum-numbers', 'three-checks'])
    mkdirSync(join(dir, 'empty'))
    await expect(loadTerminalBench(ctx(), { TBV21_REPO_DIR: join(dir, 'empty') })).rejects.toMatchObject({ code: 'JARVIS_DATASET', message: expect.stringContaining('no task folders') })
  })

  test('bad task.toml: broken TOML, no image, an unreadable memory size; no instruction.md: skipped', () => {
    const t = (name: string, toml: string, instruction = 'Do it.') => {
      mkdirSync(join(dir, name), { recursive: true })
      writeFileSync(join(dir, name, 'task.toml'), toml)
      if (instruction) writeFileSync(join(dir, name, 'instruction.md'), instruction)
      return join(dir, name)
    }
    expect(() => readTask(t('broken', '[environment\n'))).toThrow(/task.toml: not valid TOML/)
    expect(() => readTask(t('noimage', '[environment]\ncpus = 1\n'))).toThrow(/has no docker_image/)
    expect(() => readTask(t('badmem', '[environment]\ndocker_image = "a:1"\nmemory = "lots"\n'))).toThrow(/memory "lots" is not a size/)
    expect(readTask(t('noinstr', '[environment]\ndocker_image = "a:1"\n', ''))).toBeNull()
    expect([memoryBytes('512m', 'x'), memoryBytes('1.5G', 'x'), memoryBytes(undefined, 'x')]).toEqual([512 * 1024 ** 2, 1.5 * 1024 ** 3, null])
  })
})
