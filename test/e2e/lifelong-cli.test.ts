// lifelong-agent end to end through the CLI: the real @huggingface/hub client against the fake Hub (the three
// parquet folders), the real openai client against a scripted tool-calling model, jarvis-agent with the
// benchmark's own tools. db_bench on a throwaway mariadbd the worker starts and stops (no TCP; nothing left
// behind), one lifelong episode in sample_index order with earlier successes as examples; os_interaction in
// containers on each runtime this machine has. Then the requirement errors, none of which reaches the model.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SAMPLE_RESULT_KEYS, SampleResultSchema, type SampleResult } from '../../src/core/sample-result.ts'
import { runtimeSetups, TEST_IMAGE } from '../support/container-image.ts'
import { startFakeHub, type FakeHub } from '../support/fake-hub.ts'
import { lastToolResult, startFakeOpenAI, type FakeOpenAI, type FakeReply } from '../support/fake-openai.ts'
import { writeLifelongHub } from '../support/lifelong-fixtures.ts'
import { throwawayGate } from '../support/mariadb.ts'
import { runJarvis } from '../support/run-process.ts'

/** The scripted agent: per question, the tool call of turn 1 and the reply once a tool result came back. */
const SCRIPT: [phrase: string, tool: FakeReply['toolCalls'] | null, reply: (result: string | null) => string][] = [
  ['total salary', [{ name: 'sql', arguments: { query: "SELECT SUM(salary) FROM employees WHERE department = 'IT';" } }], (r) => `Action: Answer\nFinal Answer: ${r}`],
  ["'toys' category", [{ name: 'sql', arguments: { query: "UPDATE products SET price = price + 10 WHERE category = 'toys'" } }], () => 'Action: Answer\nFinal Answer: done'],
  // wrong: the age is swapped
  ['named Dana', [{ name: 'sql', arguments: { query: "INSERT INTO members (name, age, tier) VALUES ('Dana', 43, 'gold')" } }], () => 'Action: Answer\nFinal Answer: ok'],
  // no tool call: upstream's one-reply format, run once when scored
  ['older than 30', null, () => 'Action: Operation\n```sql\nSELECT name, age FROM members WHERE age > 30 ORDER BY age DESC;\n```'],
  ['/tmp/reports', [{ name: 'shell', arguments: { command: 'mkdir -p /tmp/reports && echo done > /tmp/reports/summary.txt' } }], () => 'Done.\nAct: finish'],
  // wrong: counts but never writes count.txt
  ['contain ERROR', [{ name: 'shell', arguments: { command: 'grep -c ERROR /tmp/data/log.txt' } }], () => 'There are 2.\nAct: finish'],
]

let dir: string
let hub: FakeHub
let api: FakeOpenAI
const chats = () => api.requests.filter((r) => r.path === '/v1/chat/completions')
const current = (prompt: string) => prompt.split('## Current Task').at(-1)!

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-lifelong-e2e-'))
  await writeLifelongHub(join(dir, 'hub'))
  hub = await startFakeHub({ root: join(dir, 'hub') })
  api = await startFakeOpenAI({
    answer: (prompt, body) => {
      const s = SCRIPT.find(([p]) => current(prompt).includes(p))
      if (!s) return 'I do not know.'
      const result = lastToolResult(body)
      return s[1] && result === null ? { content: '', toolCalls: s[1] } : s[2](result)
    },
  })
})
afterAll(async () => {
  await api?.close()
  await hub?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const hubEnv = () => ({ HF_ENDPOINT: hub.url, HF_HUB_CACHE: join(dir, 'cache'), JARVIS_QUIET: '1' })
/** A run of lifelong-agent with jarvis-agent; a subset needs a suite (the spec has no --subset flag). */
const run = (extra: string[], env: Record<string, string> = {}, subset?: string) => {
  if (!subset) return runJarvis(['eval', 'run', '-b', 'lifelong-agent', '-m', 'test-model', '--base-url', `${api.url}/v1`, '--backend', 'jarvis-agent', ...extra], { ...hubEnv(), ...env }, 240_000)
  const suite = join(dir, `suite-${subset}-${Math.random().toString(36).slice(2)}.toml`)
  writeFileSync(suite, `[[models]]\nname = "test-model"\nbase_url = "${api.url}/v1"\n\n[[benchmarks]]\nname = "lifelong-agent"\nbackend = "jarvis-agent"\nsubset = "${subset}"\n`)
  return runJarvis(['eval', 'run', '-c', suite, ...extra], { ...hubEnv(), ...env }, 240_000)
}
const lines = (path: string): SampleResult[] => readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l))

const mariadb = await throwawayGate()

describe.skipIf(mariadb.skip)(`db_bench on a throwaway mariadbd${mariadb.skip ? ` (skipped: ${mariadb.skip})` : ''}`, () => {
  let res: Awaited<ReturnType<typeof runJarvis>>
  let out: string
  let asked: number
  beforeAll(async () => {
    out = join(dir, 'db')
    asked = chats().length
    res = await run(['--output-dir', out, '--seed', '7'])
  }, 260_000)

  test('exits 0; the episode ran in sample_index order, never shuffled, each sample after the one before', () => {
    expect(res.code, res.stdout + res.stderr).toBe(0)
    expect(res.stdout).toMatch(/lifelong-agent: MySQL server \(db_bench\): \/.*mariadbd .* \(a throwaway server per run: unix socket, no TCP\)/)
    const questions = chats().slice(asked).map((r) => current(String((r.body!.messages as { role: string; content: string }[]).filter((m) => m.role === 'user').at(-1)!.content)))
    const order = ['total salary', "'toys' category", 'named Dana', 'older than 30'].map((p) => questions.findIndex((q) => q.includes(p)))
    expect(order).toEqual([...order].sort((a, b) => a - b))
    expect(questions).toHaveLength(7) // two turns for each tool-using sample, one for the one-shot
  })

  test('one spec-shaped line per task: md5 against the gold SQL on the same server, direct answers, the one-shot', () => {
    const byId = Object.fromEntries(lines(join(out, 'lifelong-agent_test-model.jsonl')).map((l) => [l.record_id, l]))
    expect(Object.keys(byId).sort()).toEqual(['lifelong-agent-db_bench-0', 'lifelong-agent-db_bench-1', 'lifelong-agent-db_bench-2', 'lifelong-agent-db_bench-3'])
    for (const l of Object.values(byId)) {
      expect(Object.keys(l)).toEqual(SAMPLE_RESULT_KEYS)
      expect(() => SampleResultSchema.parse(l)).not.toThrow()
      expect(l).toMatchObject({ benchmark: 'lifelong-agent', backend: 'jarvis-agent', error: null, category: 'agentic' })
      expect(l.scoring_metadata).toMatchObject({ answer_type: expect.any(String), server: 'throwaway', server_version: expect.stringContaining('MariaDB'), episode_id: 'db_bench' })
    }
    expect(byId['lifelong-agent-db_bench-0']).toMatchObject({ is_correct: true, subject: 'db_direct', model_answer: 'Action: Answer\nFinal Answer: [(11600.75,)]', scoring_metadata: { mode: 'agentic', prior_examples: 0 } })
    expect(byId['lifelong-agent-db_bench-1']).toMatchObject({ is_correct: true, subject: 'db_md5', scoring_metadata: { reference_source: 'gold_sql_same_server', gold_matches_dataset_md5: true, prior_examples: 1 } })
    expect(byId['lifelong-agent-db_bench-2']).toMatchObject({ is_correct: false, scoring_metadata: { reason: 'table_state_differs', prior_examples: 2 } })
    // the wrong sample is no example for the next one
    expect(byId['lifelong-agent-db_bench-3']).toMatchObject({ is_correct: true, scoring_metadata: { mode: 'oneshot', oneshot_observation: "[('Eve', 41), ('Gus', 35)]", prior_examples: 2 } })
    const q = byId['lifelong-agent-db_bench-0'].scoring_metadata.query_trace as { tool_calls: { name: string }[] }
    expect(q.tool_calls.map((c) => c.name)).toEqual(['sql'])
    const s = JSON.parse(readFileSync(join(out, 'lifelong-agent_test-model.jsonl.summary.json'), 'utf8'))
    expect(s).toMatchObject({ benchmark: 'lifelong-agent', total_samples: 4, scored_samples: 4, correct: 3, accuracy: 0.75, errors: 0 })
  })

  test('the throwaway server is gone with its folder, and it never listened on TCP', () => {
    const m = /started a throwaway \S+ \(pid (\d+), socket (\S+)\/mysqld\.sock, no TCP\)/.exec(res.stderr)
    expect(m, res.stderr).not.toBeNull()
    expect(existsSync(m![2])).toBe(false)
    expect(existsSync(`/proc/${m![1]}`) && !readFileSync(`/proc/${m![1]}/stat`, 'utf8').includes(') Z')).toBe(false)
  })
})

for (const setup of await runtimeSetups()) {
  describe.skipIf(setup.skip)(`os_interaction on the ${setup.name} runtime${setup.skip ? ` (skipped: ${setup.skip})` : ''}`, () => {
    let res: Awaited<ReturnType<typeof runJarvis>>
    let out: string
    beforeAll(async () => {
      out = join(dir, `os-${setup.name}`)
      res = await run(['--output-dir', out], { ...setup.env, JARVIS_LIFELONG_OS_IMAGE: TEST_IMAGE }, 'os_interaction')
    }, 260_000)

    test('the evaluation command decides, after the agent worked through the shell tool', () => {
      expect(res.code, res.stdout + res.stderr).toBe(0)
      expect(res.stdout).toContain(`lifelong-agent: os_interaction image ${TEST_IMAGE} present`)
      const byId = Object.fromEntries(lines(join(out, 'lifelong-agent_test-model.jsonl')).map((l) => [l.record_id, l]))
      expect(byId['lifelong-agent-os_interaction-0']).toMatchObject({ is_correct: true, subject: 'os_interaction', scoring_metadata: { mode: 'agentic', runtime: setup.name, eval_exit_code: 0, episode_id: 'os_interaction' } })
      expect(byId['lifelong-agent-os_interaction-1']).toMatchObject({ is_correct: false, scoring_metadata: { reason: 'evaluation_failed', prior_examples: 1 } })
    })
  })
}

describe('requirements: one line, exit 2, no model call', () => {
  let sparql: http.Server
  let sparqlUrl: string
  beforeAll(async () => {
    sparql = http.createServer((req, res) => (res.writeHead(req.url?.includes('query=ASK') ? 200 : 400, { 'content-type': 'application/sparql-results+json' }), res.end('{"boolean": true}')))
    await new Promise<void>((r) => sparql.listen(0, '127.0.0.1', r))
    sparqlUrl = `http://127.0.0.1:${(sparql.address() as AddressInfo).port}/sparql`
  })
  afterAll(() => new Promise<void>((r) => sparql.close(() => r())))

  const refused = async (subset: string | undefined, env: Record<string, string>) => {
    const before = chats().length
    const r = await run(['--output-dir', join(dir, 'refused')], env, subset)
    expect(r.code, r.stdout + r.stderr).toBe(2)
    const err = r.stderr.trim().split('\n')
    expect(err, r.stderr).toHaveLength(1)
    expect(chats().length).toBe(before)
    return err[0]
  }

  test('knowledge_graph without a SPARQL endpoint; with one, it says the KG API is not implemented', async () => {
    expect(await refused('knowledge_graph', {})).toBe(
      'jarvis: lifelong-agent needs SPARQL endpoint (knowledge_graph): JARVIS_SPARQL_URL is not set. knowledge_graph needs a Freebase SPARQL endpoint (Virtuoso loaded with the Freebase dump, as LifelongAgentBench and AgentBench use); set JARVIS_SPARQL_URL=http://<host>:8890/sparql.',
    )
    expect(await refused('knowledge_graph', { JARVIS_SPARQL_URL: sparqlUrl })).toBe(
      `jarvis: lifelong-agent knowledge_graph: the SPARQL endpoint at ${sparqlUrl} answers, but jarvis-evals does not implement the knowledge-graph API (get_relations, get_neighbors, … over Freebase) yet; run --subset db_bench or os_interaction.`,
    )
  })

  test('db_bench with a server that does not answer; an unknown subset; an OS image that is not there', async () => {
    expect(await refused(undefined, { JARVIS_MYSQL_URL: `mysql://root:hunter2@localhost?socket=${dir}/none.sock` })).toMatch(
      new RegExp(`^jarvis: lifelong-agent needs MySQL server \\(db_bench\\): MySQL-compatible server: JARVIS_MYSQL_URL=mysql://root@localhost\\?socket=${dir}/none.sock did not answer \\(.*\\)\\. Start it, or unset JARVIS_MYSQL_URL to let jarvis-evals start a throwaway mariadbd\\.$`),
    )
    expect(await refused('webshop', {})).toBe('jarvis: lifelong-agent: unknown subset "webshop"; use db_bench, os_interaction, knowledge_graph, a comma-separated list of them, or all.')
    const local = (await runtimeSetups()).find((s) => s.name === 'local')!
    if (!local.skip)
      expect(await refused('os_interaction', { ...local.env })).toBe(
        `jarvis: lifelong-agent os_interaction: image local-os/default is not on this container runtime (local runtime, rootfs store JARVIS_ROOTFS_DIR=${local.env.JARVIS_ROOTFS_DIR}); build it from LifelongAgentBench (docker build -f scripts/dockerfile/os_interaction/default scripts/dockerfile/os_interaction --tag local-os/default), or set JARVIS_LIFELONG_OS_IMAGE to an Ubuntu image you have.`,
      )
  })

  test('jarvis eval list: ready for db_bench where a server can be had; what the other subsets miss', async () => {
    const r = await runJarvis(['eval', 'list', '--json'], { JARVIS_QUIET: '1', DOCKER_HOST: `unix://${dir}/no-docker.sock` })
    const row = (JSON.parse(r.stdout) as { key: string; status: string; machine: Record<string, unknown> }[]).find((x) => x.key === 'lifelong-agent')!
    expect(row.status).toBe('ready')
    expect(row.machine).toMatchObject({ subset_missing: expect.arrayContaining(['container runtime (os_interaction)', 'SPARQL endpoint (knowledge_graph)']) })
    expect(row.machine.ok).toBe(!mariadb.skip)
  })
})
