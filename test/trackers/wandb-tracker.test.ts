import { describe, expect, test } from 'vitest'
import { summarizeResults } from '../../src/results/summary.ts'
import { createTrackers } from '../../src/trackers/index.ts'
import { sample } from '../stats/sample-results.ts'
import { recordingServer } from './recording-server.ts'

const KEY = 'local-test-key-0123456789abcdef0123456789abcdef'

describe('Weights & Biases tracker', () => {
  test('creates the run, streams sample/* history and the summary, then completes', async () => {
    const server = await recordingServer((r) =>
      r.url === '/graphql' ? { json: { data: { upsertBucket: { bucket: { id: 'UnVuOjE=', name: JSON.parse(r.body).variables.name, project: { name: 'jarvis-evals', entity: { name: 'lab' } } }, inserted: true } } } } : { json: {} },
    )
    try {
      const log: string[] = []
      const t = await createTrackers({ wandb_project: 'jarvis-evals', wandb_tags: 'nightly, gpqa', wandb_group: 'suite-1' }, (l) => log.push(l), { WANDB_BASE_URL: server.url, WANDB_API_KEY: KEY })
      expect(t.names).toEqual(['wandb'])
      await t.onRunStart({ benchmark: 'gpqa', model: 'qwen3:8b', backend: 'jarvis-direct', max_samples: 3, max_workers: 4, temperature: 0, max_tokens: 2048, seed: 42 })
      const results = [sample('gpqa-a', true, { energy_joules: 50, power_watts: 250, ipw: 0.004, ipj: 0.02 }), sample('gpqa-b', false), sample('gpqa-c', null, { error: 'APITimeoutError' })]
      for (const r of results) await t.onResult(r)
      await t.onSummary(summarizeResults(results, { outputPath: 'results/gpqa_qwen3-8b.jsonl', startedAt: 0, endedAt: 1 }))
      await t.onRunEnd()
      expect(log).toEqual([])

      const [create, history, summary, complete] = server.requests
      expect(server.requests).toHaveLength(4)
      expect(create.headers.authorization).toBe(`Basic ${Buffer.from(`api:${KEY}`).toString('base64')}`)
      const vars = JSON.parse(create.body).variables
      expect(vars).toMatchObject({ project: 'jarvis-evals', entity: null, groupName: 'suite-1', tags: ['nightly', 'gpqa'] })
      expect(JSON.parse(vars.config)).toEqual({
        benchmark: { desc: null, value: 'gpqa' }, model: { desc: null, value: 'qwen3:8b' }, backend: { desc: null, value: 'jarvis-direct' }, max_samples: { desc: null, value: 3 },
        max_workers: { desc: null, value: 4 }, temperature: { desc: null, value: 0 }, max_tokens: { desc: null, value: 2048 }, seed: { desc: null, value: 42 },
      })
      expect(history.url).toBe(`/files/lab/jarvis-evals/${vars.name}/file_stream`)
      const h = JSON.parse(history.body).files['wandb-history.jsonl']
      expect(h.offset).toBe(0)
      const rows = h.content.map((l: string) => JSON.parse(l))
      expect(rows.map((r: Record<string, number>) => [r._step, r['sample/is_correct'], r['sample/has_error']])).toEqual([[0, 1, undefined], [1, 0, undefined], [2, 0, 1]])
      expect(Object.keys(rows[0]).filter((k) => k.startsWith('sample/')).sort()).toEqual(
        ['sample/completion_tokens', 'sample/cost_usd', 'sample/energy_joules', 'sample/ipj', 'sample/ipw', 'sample/is_correct', 'sample/latency_seconds', 'sample/power_watts', 'sample/prompt_tokens', 'sample/throughput_tok_per_sec', 'sample/ttft'],
      )
      const s = JSON.parse(JSON.parse(summary.body).files['wandb-summary.json'].content[0])
      expect(s).toMatchObject({ accuracy: 0.5, total_samples: 3, scored_samples: 2, correct: 1, errors: 1, accuracy_mean: 0.5, latency_p90: 1.25 })
      expect(s).not.toHaveProperty('ttft_mean') // no ttft recorded → no stats block → no keys, as OpenJarvis
      expect(JSON.parse(complete.body)).toEqual({ complete: true, exitcode: 0 })
    } finally {
      await server.close()
    }
  })

  test('a tracker that is down logs one line without the key and never fails the run', async () => {
    const server = await recordingServer(() => ({ status: 503, json: { error: 'maintenance' } }))
    await server.close() // nothing listens on this port any more
    const log: string[] = []
    const t = await createTrackers({ wandb_project: 'p' }, (l) => log.push(l), { WANDB_BASE_URL: server.url, WANDB_API_KEY: KEY })
    await t.onRunStart({ benchmark: 'gpqa', model: 'm', backend: 'jarvis-direct' })
    for (let i = 0; i < 60; i++) await t.onResult(sample(`gpqa-${i}`, true))
    await t.onRunEnd()
    expect(log).toHaveLength(1)
    expect(log[0]).toMatch(/^wandb: 127\.0\.0\.1:\d+\/graphql unreachable \(ECONNREFUSED\); tracking is off for the rest of this run \(results are unaffected\)\.$/)
    expect(log[0]).not.toContain(KEY)
  })

  test('an HTTP error is one line too, and no key means no request at all', async () => {
    const server = await recordingServer(() => ({ status: 401, json: { errors: ['bad key'] } }))
    try {
      const log: string[] = []
      const t = await createTrackers({ wandb_project: 'p' }, (l) => log.push(l), { WANDB_BASE_URL: server.url, WANDB_API_KEY: KEY })
      await t.onRunStart({ benchmark: 'gpqa', model: 'm', backend: 'b' })
      expect(log[0]).toMatch(/graphql answered HTTP 401/)
      const log2: string[] = []
      const noKey = await createTrackers({ wandb_project: 'p' }, (l) => log2.push(l), { WANDB_BASE_URL: server.url })
      await noKey.onRunStart({ benchmark: 'gpqa', model: 'm', backend: 'b' })
      expect(log2).toEqual(['wandb: WANDB_API_KEY is not set; tracking is off for the rest of this run (results are unaffected).'])
      expect(server.requests).toHaveLength(1)
    } finally {
      await server.close()
    }
  })

  test('no tracker configured: nothing is loaded', async () => {
    const t = await createTrackers({ wandb_project: '', sheets_spreadsheet_id: '' }, () => {})
    expect(t.names).toEqual([])
    await t.onRunEnd()
  })
})
