// Fake-Hub data for the wave-1 open-answer benchmarks: rows in test/fixtures/wave1/*.jsonl (written for these
// tests, shaped like the real datasets), written as parquet with the real column names and types, nested
// ones included (WildChat's conversation is a list of structs, HLE's image_preview a struct).
//
//   WAVE1: name → { repo, path, schema, file }           one entry per dataset
//   wave1Rows(name): Row[]                                the rows as JSON (what a loader sees, BigInt-free)
//   writeWave1HubFixtures(root): Promise<void>            every dataset into a fake-Hub folder tree
//   IPW_FIXTURE: string                                   the IPW rows as a local JSONL file
//   useWave1Hub(), loadCtx(), scriptedJudge(replies), scoreCtx(judge), resultLine(benchmark, record, answer, score)
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parquetWriteBuffer, type ColumnSource, type SchemaElement } from 'hyparquet-writer'
import type { ChatMessage } from '../../src/core/messages.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import type { Judge } from '../../src/core/judge.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { applyScore } from '../../src/cli/reparse.ts'
import type { SampleResult } from '../../src/core/sample-result.ts'
import { writeRepoFile } from './dataset-fixtures.ts'
import { useFakeHub } from './use-fake-hub.ts'

export type Row = Record<string, unknown>
type Leaf = 'STRING' | 'INT64' | 'BOOLEAN' | 'DOUBLE' | 'BINARY' | 'TIMESTAMP'
export type FieldType = Leaf | { list: FieldType } | { struct: Schema }
export type Schema = Record<string, FieldType>

const DIR = join(import.meta.dirname, '..', 'fixtures', 'wave1')
export const IPW_FIXTURE = join(DIR, 'ipw.jsonl')

const TURN: Schema = {
  content: 'STRING',
  country: 'STRING',
  hashed_ip: 'STRING',
  language: 'STRING',
  redacted: 'BOOLEAN',
  role: 'STRING',
  state: 'STRING',
  timestamp: 'TIMESTAMP',
  toxic: 'BOOLEAN',
  turn_identifier: 'INT64',
}
const IMAGE: FieldType = { struct: { bytes: 'BINARY', path: 'STRING' } }
const FRAMES_LINKS: Schema = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [i < 10 ? `wikipedia_link_${i + 1}` : 'wikipedia_link_11+', 'STRING' as const]))

export const WAVE1 = {
  math500: {
    repo: 'HuggingFaceH4/MATH-500',
    path: 'default/test/0000.parquet',
    file: 'math500.jsonl',
    schema: { problem: 'STRING', solution: 'STRING', answer: 'STRING', subject: 'STRING', level: 'INT64', unique_id: 'STRING' },
  },
  'natural-reasoning': {
    repo: 'facebook/natural_reasoning',
    path: 'default/train/0000.parquet',
    file: 'natural_reasoning.jsonl',
    schema: { question: 'STRING', reference_answer: 'STRING', responses: { list: { struct: { response_model: 'STRING', response: 'STRING' } } } },
  },
  hle: {
    repo: 'cais/hle',
    path: 'default/test/0000.parquet',
    file: 'hle.jsonl',
    schema: {
      id: 'STRING', question: 'STRING', image: 'STRING', image_preview: IMAGE, answer: 'STRING', answer_type: 'STRING', author_name: 'STRING',
      rationale: 'STRING', rationale_image: IMAGE, raw_subject: 'STRING', category: 'STRING', canary: 'STRING',
    },
  },
  simpleqa: {
    repo: 'basicv8vc/SimpleQA',
    path: 'default/test/0000.parquet',
    file: 'simpleqa.jsonl',
    schema: { metadata: 'STRING', problem: 'STRING', answer: 'STRING' },
  },
  frames: {
    repo: 'google/frames-benchmark',
    path: 'default/test/0000.parquet',
    file: 'frames.jsonl',
    schema: { 'Unnamed: 0': 'INT64', Prompt: 'STRING', Answer: 'STRING', ...FRAMES_LINKS, reasoning_types: 'STRING', wiki_links: 'STRING' },
  },
  wildchat: {
    repo: 'allenai/WildChat-1M',
    path: 'default/train/0000.parquet',
    file: 'wildchat.jsonl',
    schema: {
      conversation_hash: 'STRING', model: 'STRING', timestamp: 'TIMESTAMP', conversation: { list: { struct: TURN } }, turn: 'INT64', language: 'STRING',
      toxic: 'BOOLEAN', redacted: 'BOOLEAN', state: 'STRING', country: 'STRING', hashed_ip: 'STRING',
    },
  },
  liveresearchbench: {
    repo: 'Salesforce/LiveResearchBench',
    path: 'question_with_checklist/test/0000.parquet',
    file: 'liveresearchbench.jsonl',
    schema: { qid: 'STRING', question: 'STRING', category: 'STRING', checklist_id: 'STRING', checklist: 'STRING', question_no_placeholder: 'STRING', checklist_no_placeholder: 'STRING' },
  },
} satisfies Record<string, { repo: string; path: string; file: string; schema: Schema }>

export type Wave1Name = keyof typeof WAVE1

export function wave1Rows(name: Wave1Name | 'ipw'): Row[] {
  const file = name === 'ipw' ? 'ipw.jsonl' : WAVE1[name].file
  return readFileSync(join(DIR, file), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Row)
}

// ---------------------------------------------------------------- parquet with nested columns

function elements(name: string, type: FieldType): SchemaElement[] {
  if (typeof type === 'string') {
    const leaf: Record<Leaf, Partial<SchemaElement>> = {
      STRING: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
      BINARY: { type: 'BYTE_ARRAY' },
      INT64: { type: 'INT64' },
      BOOLEAN: { type: 'BOOLEAN' },
      DOUBLE: { type: 'DOUBLE' },
      TIMESTAMP: { type: 'INT64', converted_type: 'TIMESTAMP_MILLIS' },
    }
    return [{ name, repetition_type: 'OPTIONAL', ...leaf[type] } as SchemaElement]
  }
  if ('list' in type) {
    return [
      { name, repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
      { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
      ...elements('element', type.list),
    ]
  }
  const fields = Object.entries(type.struct)
  return [{ name, repetition_type: 'OPTIONAL', num_children: fields.length }, ...fields.flatMap(([n, t]) => elements(n, t))]
}

/** JSON values → what the writer wants: BigInt for INT64, Date for TIMESTAMP, bytes from base64. */
function encode(value: unknown, type: FieldType): unknown {
  if (value === null || value === undefined) return null
  if (typeof type === 'string') {
    if (type === 'INT64') return BigInt(value as number)
    if (type === 'TIMESTAMP') return new Date(value as string)
    if (type === 'BINARY') return new Uint8Array(Buffer.from(String(value), 'base64'))
    return value
  }
  if ('list' in type) return (value as unknown[]).map((v) => encode(v, type.list))
  return Object.fromEntries(Object.entries(type.struct).map(([k, t]) => [k, encode((value as Row)[k], t)]))
}

export function nestedParquet(rows: Row[], schema: Schema): Buffer {
  const names = Object.keys(schema)
  const columnData: ColumnSource[] = names.map((n) => ({ name: n, data: rows.map((r) => encode(r[n], schema[n])) as ColumnSource['data'] }))
  const schemaElements: SchemaElement[] = [{ name: 'schema', num_children: names.length }, ...names.flatMap((n) => elements(n, schema[n]))]
  return Buffer.from(parquetWriteBuffer({ columnData, schema: schemaElements }))
}

export async function writeWave1HubFixtures(root: string): Promise<void> {
  for (const name of Object.keys(WAVE1) as Wave1Name[]) {
    const d = WAVE1[name]
    await writeRepoFile(root, d.repo, d.path, nestedParquet(wave1Rows(name), d.schema), 'refs/convert/parquet')
  }
}

// ---------------------------------------------------------------- test helpers

/**
 * A scripted judge: a fake of the external judge model for scorer unit tests. Each call takes the next
 * reply (an Error is thrown, as the real judge does after its retries) and records the messages it got.
 */
export function scriptedJudge(replies: (string | Error)[], opts: { available?: boolean } = {}): Judge & { calls: ChatMessage[][] } {
  const calls: ChatMessage[][] = []
  return {
    model: 'judge-model',
    available: opts.available ?? true,
    unavailableReason: opts.available === false ? 'no judge configured ([judge] model is empty)' : null,
    calls,
    async complete(messages) {
      calls.push(messages)
      const next = replies.shift()
      if (next === undefined) throw new Error('scripted judge: no reply left')
      if (next instanceof Error) throw next
      return { text: next, promptTokens: 120, completionTokens: 30, costUsd: 0.0002 }
    },
  }
}

export const scoreCtx = (judge: Judge): ScoreContext => ({ judge, seed: 42 })

/** A JSONL line for `record` with `score` applied the way the harness applies it (for rescore round trips). */
export function resultLine(benchmark: string, record: EvalRecord, answer: string, score: Score): SampleResult {
  const base: SampleResult = {
    record_id: record.record_id, benchmark, model: 'test-model', backend: 'jarvis-direct', model_answer: answer,
    is_correct: null, score: null, latency_seconds: 1.2, prompt_tokens: 50, completion_tokens: 40, cost_usd: 0, error: null,
    scoring_metadata: {}, ttft: 0.1, energy_joules: 0, power_watts: 0, gpu_utilization_pct: 0, throughput_tok_per_sec: 33.3,
    mfu_pct: 0, mbu_pct: 0, ipw: 0, ipj: 0, subject: record.subject, category: record.category,
    energy_per_output_token_joules: 0, throughput_per_watt: 0, mean_itl_ms: 0, estimated_flops: 0,
  }
  return applyScore(base, score)
}

/** Serves the wave-1 datasets from a fake Hub for the calling test file (see useFakeHub). */
export const useWave1Hub = (opts: { gated?: string[]; token?: string } = {}) => useFakeHub(writeWave1HubFixtures, opts)

/** A LoadContext that collects the loader's log lines. */
export function loadCtx(over: Partial<LoadContext> = {}): LoadContext & { logs: string[] } {
  const logs: string[] = []
  return { seed: 42, log: (m) => logs.push(m), logs, ...over }
}
