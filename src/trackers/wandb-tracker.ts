import { randomBytes } from 'node:crypto'
import type { RunSummary, SampleResult } from '../core/sample-result.ts'
import { requestJson, TrackerHttpError } from './http.ts'
import type { Tracker, TrackerConfig, TrackerRunInfo } from './types.ts'

// Weights & Biases over its HTTP API (no SDK): GraphQL upsertBucket creates the run with its config,
// the file_stream endpoint takes history lines and the summary, then `complete` closes the run.

const UPSERT_BUCKET = `mutation UpsertBucket($name: String, $project: String, $entity: String, $groupName: String, $config: JSONString, $tags: [String!]) {
  upsertBucket(input: {name: $name, modelName: $project, entityName: $entity, groupName: $groupName, config: $config, tags: $tags}) {
    bucket { id name project { name entity { name } } }
    inserted
  }
}`

/** The per-sample keys OpenJarvis logs (`sample/…`), None counting as 0. */
export function sampleMetrics(r: SampleResult): Record<string, number> {
  const m: Record<string, number> = {
    'sample/is_correct': r.is_correct ? 1 : 0,
    'sample/latency_seconds': r.latency_seconds,
    'sample/prompt_tokens': r.prompt_tokens,
    'sample/completion_tokens': r.completion_tokens,
    'sample/cost_usd': r.cost_usd,
    'sample/ttft': r.ttft,
    'sample/energy_joules': r.energy_joules,
    'sample/power_watts': r.power_watts,
    'sample/throughput_tok_per_sec': r.throughput_tok_per_sec,
    'sample/ipw': r.ipw,
    'sample/ipj': r.ipj,
  }
  if (r.error) m['sample/has_error'] = 1
  return m
}

const SUMMARY_KEYS = ['accuracy', 'total_samples', 'scored_samples', 'correct', 'errors', 'mean_latency_seconds', 'total_cost_usd', 'total_energy_joules', 'avg_power_watts', 'total_input_tokens', 'total_output_tokens'] as const
const STATS = ['accuracy', 'latency', 'ttft', 'energy', 'power', 'gpu_utilization', 'throughput', 'mfu', 'mbu', 'ipw', 'ipj', 'energy_per_output_token', 'throughput_per_watt', 'itl'] as const
const FIELDS = ['mean', 'median', 'min', 'max', 'std', 'p90', 'p95', 'p99'] as const

/** run.summary.update(...) as OpenJarvis sends it: totals plus `<metric>_<stat>` for each stats block present. */
export function summaryMetrics(s: RunSummary): Record<string, number> {
  const out: Record<string, number> = {}
  for (const k of SUMMARY_KEYS) out[k] = s[k]
  const rec = s as unknown as Record<string, Record<string, number> | null | undefined>
  for (const prefix of STATS) {
    const block = rec[`${prefix}_stats`]
    if (block) for (const f of FIELDS) out[`${prefix}_${f}`] = block[f]
  }
  return out
}

export class WandbTracker implements Tracker {
  readonly name = 'wandb'
  private readonly base: string
  private readonly auth: string | null
  private streamUrl = ''
  private step = 0
  private sent = 0
  private pending: string[] = []
  private readonly t0 = Date.now()

  constructor(
    private readonly config: TrackerConfig,
    env: NodeJS.ProcessEnv,
  ) {
    this.base = (env.WANDB_BASE_URL || 'https://api.wandb.ai').replace(/\/+$/, '')
    this.auth = env.WANDB_API_KEY ? `Basic ${Buffer.from(`api:${env.WANDB_API_KEY}`).toString('base64')}` : null
  }

  private headers() {
    return { 'content-type': 'application/json', authorization: this.auth ?? '' }
  }

  async onRunStart(info: TrackerRunInfo): Promise<void> {
    if (!this.auth) throw new TrackerHttpError('WANDB_API_KEY is not set')
    const cfg: Record<string, unknown> = { benchmark: info.benchmark, model: info.model, backend: info.backend, max_samples: info.max_samples ?? null, max_workers: info.max_workers, temperature: info.temperature, max_tokens: info.max_tokens, seed: info.seed ?? null }
    if (info.agent_name) cfg.agent_name = info.agent_name
    if (info.tools?.length) cfg.tools = info.tools.join(',')
    if (info.engine_key) cfg.engine_key = info.engine_key
    const tags = (this.config.wandb_tags ?? '').split(',').map((t) => t.trim()).filter(Boolean)
    const variables = {
      name: randomBytes(4).toString('hex'),
      project: this.config.wandb_project,
      entity: this.config.wandb_entity || null,
      groupName: this.config.wandb_group || null,
      tags: tags.length ? tags : null,
      config: JSON.stringify(Object.fromEntries(Object.entries(cfg).map(([k, v]) => [k, { desc: null, value: v }]))),
    }
    const res = (await requestJson(`${this.base}/graphql`, { method: 'POST', headers: this.headers(), body: JSON.stringify({ operationName: 'UpsertBucket', query: UPSERT_BUCKET, variables }) })) as {
      data?: { upsertBucket?: { bucket?: { name: string; project?: { name: string; entity?: { name: string } } } } }
      errors?: unknown[]
    }
    const bucket = res.data?.upsertBucket?.bucket
    if (res.errors?.length || !bucket) throw new TrackerHttpError('wandb did not create the run (GraphQL error)')
    const entity = bucket.project?.entity?.name ?? this.config.wandb_entity ?? ''
    const seg = encodeURIComponent
    this.streamUrl = `${this.base}/files/${seg(entity)}/${seg(bucket.project?.name ?? this.config.wandb_project ?? '')}/${seg(bucket.name)}/file_stream`
  }

  async onResult(r: SampleResult): Promise<void> {
    const now = Date.now()
    this.pending.push(JSON.stringify({ ...sampleMetrics(r), _step: this.step++, _runtime: (now - this.t0) / 1000, _timestamp: now / 1000 }))
    if (this.pending.length >= 50) await this.flush()
  }

  private async flush(): Promise<void> {
    if (!this.pending.length || !this.streamUrl) return
    const content = this.pending
    this.pending = []
    await this.stream({ files: { 'wandb-history.jsonl': { offset: this.sent, content } } })
    this.sent += content.length
  }

  private stream(payload: unknown) {
    return requestJson(this.streamUrl, { method: 'POST', headers: this.headers(), body: JSON.stringify(payload) })
  }

  async onSummary(s: RunSummary): Promise<void> {
    await this.flush()
    await this.stream({ files: { 'wandb-summary.json': { offset: 0, content: [JSON.stringify(summaryMetrics(s))] } } })
  }

  async onRunEnd(): Promise<void> {
    await this.flush()
    if (this.streamUrl) await this.stream({ complete: true, exitcode: 0 })
  }
}
