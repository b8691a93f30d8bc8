// terminalbench-v2.1 end to end through the CLI: the fixture tasks (Harbor layout), the real openai client
// against the scripted server (jarvis-direct: one bash script per task), a container per task on each runtime
// this machine has (local bwrap; the real Docker engine, which CI starts), tests/test.sh and the reward. Then the
// requirement errors: no engine, an image that is not there, an external harness that is not installed, and
// what `jarvis eval list` says about this machine. No error path may reach the model.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseDockerHost } from '../../src/containers/docker-host.ts'
import { EngineClient } from '../../src/containers/engine-client.ts'
import { SAMPLE_RESULT_KEYS, SampleResultSchema, type SampleResult } from '../../src/core/sample-result.ts'
import { runtimeSetups } from '../support/container-image.ts'
import { startFakeDockerEngine, type FakeDockerEngine } from '../support/fake-docker-engine.ts'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'
import { REPO_ROOT, runJarvis } from '../support/run-process.ts'

const FIXTURES = join(REPO_ROOT, 'test/fixtures/terminalbench-v2.1')
const ANSWERS: [phrase: string, answer: string][] = [
  ['/app/hello.txt', 'Sure.\n```bash\necho "Hello, world!" > /app/hello.txt\n```'],
  ['/app/sum.txt', '```bash\npython3 -c "print(sum(range(1, 100)))" > /app/sum.txt\n```'],
  ['three things', '```sh\nmkdir -p /app/logs && echo 1.2.3 > /app/VERSION\n```'],
]
const EXPECT: Record<string, { correct: boolean; score: number; subject: string; reason?: string }> = {
  'terminalbench-v2.1-hello-file': { correct: true, score: 1, subject: 'file-operations' },
  'terminalbench-v2.1-sum-numbers': { correct: false, score: 0, subject: 'scientific-computing', reason: 'tests_failed' },
  // 2 of 3 checks: partial credit, still at least 0.5
  'terminalbench-v2.1-three-checks': { correct: true, score: 0.6667, subject: 'system-administration' },
}

let dir: string
let api: FakeOpenAI
const chats = () => api.requests.filter((r) => r.path === '/v1/chat/completions')

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-tb-e2e-'))
  api = await startFakeOpenAI({ answer: (prompt) => ANSWERS.find(([p]) => prompt.includes(p))?.[1] ?? '' })
})
afterAll(async () => {
  await api?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const run = (extra: string[], env: Record<string, string>) =>
  runJarvis(['eval', 'run', '-b', 'terminalbench-v2.1', '-m', 'test-model', '--base-url', `${api.url}/v1`, ...extra], { JARVIS_QUIET: '1', TBV21_REPO_DIR: FIXTURES, ...env }, 240_000)

for (const setup of await runtimeSetups()) {
  describe.skipIf(setup.skip)(`jarvis eval run -b terminalbench-v2.1 on the ${setup.name} runtime${setup.skip ? ` (skipped: ${setup.skip})` : ''}`, () => {
    let res: Awaited<ReturnType<typeof runJarvis>>
    let out: string
    let asked: number
    beforeAll(async () => {
      out = join(dir, setup.name)
      asked = chats().length
      res = await run(['--output-dir', out, '-w', '2'], setup.env)
    }, 260_000)

    test('exits 0 after checking the runtime and the task images, asking the model once per task', () => {
      expect(res.code, res.stdout + res.stderr).toBe(0)
      expect(res.stdout).toMatch(/terminalbench-v2\.1: container runtime: /)
      expect(res.stdout).toContain('terminalbench-v2.1: 1 task image(s) present')
      const prompts = chats().slice(asked).map((r) => (r.body!.messages as { content: string }[]).at(-1)!.content)
      expect(prompts).toHaveLength(3)
      for (const p of prompts) {
        expect(p).toMatch(/^You are solving a TerminalBench V2\.1 task inside a Linux container/)
        expect(p).not.toMatch(/test_outputs|reward\.txt/)
      }
    })

    test('one spec-shaped line per task with the reward of its tests', () => {
      const lines = readFileSync(join(out, 'terminalbench-v2.1_test-model.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as SampleResult)
      expect(lines.map((l) => l.record_id).sort()).toEqual(Object.keys(EXPECT))
      for (const l of lines) {
        const want = EXPECT[l.record_id]
        const m = l.scoring_metadata as Record<string, unknown>
        expect(Object.keys(l)).toEqual(SAMPLE_RESULT_KEYS)
        expect(() => SampleResultSchema.parse(l)).not.toThrow()
        expect(l, JSON.stringify(m)).toMatchObject({ benchmark: 'terminalbench-v2.1', backend: 'jarvis-direct', error: null, is_correct: want.correct, category: 'agentic', subject: want.subject })
        expect(l.score).toBeCloseTo(want.score, 4)
        expect(m).toMatchObject({ mode: 'oneshot', runtime: setup.name, image: 'jarvis-test/host-usr:1', agent_exit_code: 0, tests_timed_out: false })
        expect(m.reason).toBe(want.reason)
        expect(String(m.container)).toMatch(/^tbv21-/)
      }
      const sum = lines.find((l) => l.record_id.endsWith('sum-numbers'))!.scoring_metadata as Record<string, unknown>
      expect(sum.reward_raw).toBe('0')
    })

    test('summary: 2 of 3 correct', () => {
      const s = JSON.parse(readFileSync(join(out, 'terminalbench-v2.1_test-model.jsonl.summary.json'), 'utf8'))
      expect(s).toMatchObject({ benchmark: 'terminalbench-v2.1', total_samples: 3, scored_samples: 3, correct: 2, accuracy: 0.6667, errors: 0 })
    })

    test('leaves no container, mount or namespace behind', async () => {
      if (setup.name === 'docker') {
        const client = new EngineClient(parseDockerHost(setup.env))
        await client.ping()
        const left = await client.json<{ Names: string[] }[]>('GET', '/containers/json', { query: { all: true } })
        expect(left.flatMap((c) => c.Names).filter((n) => n.startsWith('/tbv21-'))).toEqual([])
      } else {
        expect(readFileSync('/proc/mounts', 'utf8')).not.toContain(setup.env.JARVIS_ROOTFS_DIR)
        const bwraps = readdirSync('/proc').filter((p) => /^\d+$/.test(p)).map((p) => { try { return readFileSync(`/proc/${p}/cmdline`, 'utf8') } catch { return '' } })
        expect(bwraps.filter((c) => c.includes(setup.env.JARVIS_ROOTFS_DIR))).toEqual([])
      }
    })
  })
}

describe('requirements: one line, exit 2, no model call', () => {
  let engine: FakeDockerEngine
  beforeAll(async () => {
    engine = await startFakeDockerEngine({ images: [] })
  })
  afterAll(() => engine?.close())

  const refused = async (args: string[], env: Record<string, string>, o: { modelListed?: boolean } = {}) => {
    const before = (o.modelListed ? chats() : api.requests).length
    const res = runJarvis(['eval', 'run', ...args, '-m', 'test-model', '--base-url', `${api.url}/v1`, '--output-dir', join(dir, 'refused')], { JARVIS_QUIET: '1', ...env })
    const r = await res
    expect(r.code, r.stdout + r.stderr).toBe(2)
    const lines = r.stderr.trim().split('\n')
    expect(lines, r.stderr).toHaveLength(1)
    // Benchmark requirements come before the endpoint is contacted at all; a sample's image after the model
    // check (the samples must be loaded first), still before any chat request.
    expect((o.modelListed ? chats() : api.requests).length).toBe(before)
    return lines[0]
  }

  test('no engine on DOCKER_HOST: says where it looked and that the CLI is not enough', async () => {
    expect(await refused(['-b', 'terminalbench-v2.1'], { TBV21_REPO_DIR: FIXTURES, DOCKER_HOST: `unix://${dir}/no-docker.sock` })).toBe(
      `jarvis: terminalbench-v2.1 needs container runtime: Docker Engine: DOCKER_HOST=unix://${dir}/no-docker.sock did not answer GET /_ping (ENOENT). Start dockerd or set DOCKER_HOST. (The docker CLI alone is not enough.)`,
    )
  })

  test('a task image the engine does not have: docker pull, docker load, or --pull; nothing pulled without it', async () => {
    const line = await refused(['-b', 'terminalbench-v2.1', '-n', '3'], { TBV21_REPO_DIR: FIXTURES, DOCKER_HOST: engine.host }, { modelListed: true })
    expect(line).toBe(`jarvis: terminalbench-v2.1 task sum-numbers: image jarvis-test/host-usr:1 is not on this container runtime (DOCKER_HOST=${engine.host}); run docker pull jarvis-test/host-usr:1 (or docker load -i <file>), or pass --pull.`)
    expect(engine.requests.some((r) => r.path.includes('/images/create'))).toBe(false)
    const pulled = await refused(['-b', 'terminalbench-v2.1', '--pull'], { TBV21_REPO_DIR: FIXTURES, DOCKER_HOST: engine.host }, { modelListed: true })
    expect(pulled).toBe('jarvis: docker pull jarvis-test/host-usr:1 failed: pull access denied for jarvis-test/host-usr:1, repository does not exist')
  })

  test('terminalbench-native: the harness package, tmux and the engine, each with how to get it', async () => {
    expect(await refused(['-b', 'terminalbench-native'], { PATH: '/nonexistent', DOCKER_HOST: `unix://${dir}/no-docker.sock` })).toBe(
      `jarvis: terminalbench-native needs Python terminal_bench, tmux, Docker Engine: Python package terminal_bench: python3 -c "import terminal_bench" failed (ENOENT). pip install terminal-bench (Python 3.12+), and point JARVIS_TERMINAL_BENCH_PYTHON at its Python. tmux is not on PATH. apt-get install tmux. Docker Engine: DOCKER_HOST=unix://${dir}/no-docker.sock did not answer GET /_ping (ENOENT). Start dockerd or set DOCKER_HOST. (The docker CLI alone is not enough.)`,
    )
  })

  test('jarvis eval list says what this machine has for each benchmark', async () => {
    const missing = await runJarvis(['eval', 'list', '--json'], { JARVIS_QUIET: '1', DOCKER_HOST: `unix://${dir}/no-docker.sock`, PATH: '/nonexistent' })
    expect(missing.code, missing.stderr).toBe(0)
    const rows = JSON.parse(missing.stdout) as { key: string; status: string; machine: { ok: boolean; missing: string[]; scoring_missing: string[] } }[]
    const by = Object.fromEntries(rows.map((r) => [r.key, r]))
    expect(by['terminalbench-v2.1']).toMatchObject({ status: 'ready', machine: { ok: false, missing: ['container runtime'] } })
    expect(by['terminalbench-native']).toMatchObject({ status: 'missing', machine: { ok: false, missing: ['Python terminal_bench', 'tmux', 'Docker Engine'] } })
    expect(by.supergpqa.machine).toEqual({ ok: true, missing: [], subset_missing: [], scoring_missing: [], checks: [] })
    const here = await runJarvis(['eval', 'list'], { JARVIS_QUIET: '1', DOCKER_HOST: engine.host })
    expect(here.stdout).toMatch(/│ terminalbench-v2\.1 +│ agentic +│ ready +│ ready +│/)
    expect(here.stdout).toMatch(/│ terminalbench-native +│ agentic +│ external harness +│ missing Python terminal_bench +│/)
    expect(here.stdout).toContain('Missing on this machine')
  })
})
