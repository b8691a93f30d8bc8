// db_bench verdicts on the sample's own database. md5 tasks (INSERT/UPDATE/DELETE): the table state the agent
// left, hashed with upstream's md5 query, against the gold SQL run on a fresh copy of the table on the SAME
// server (OpenJarvis ran the gold SQL on SQLite and compared it with MySQL's state). Direct tasks (SELECT): the
// "Final Answer:" text against the dataset's rows with upstream's validator. A reply that called no tool (one
// call, jarvis-direct) is upstream's format written once: its sql fence is run first (mode "oneshot").
import type { EvalRecord } from '../../src/core/record.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { isMysqlEnvironment, type MysqlEnvironment } from '../../src/environments/mysql.ts'
import { errorText, extractOperationSql, finalAnswer, initStatements, runOperation, tableHash, type DbMeta } from './db-task.ts'
import { validateDirect, type GoldRow } from './direct-validator.ts'

const usedTools = (ctx: Pick<ScoreContext, 'attempt'>) => (ctx.attempt?.turns ?? []).some((t) => t.toolCalls.length > 0)

export async function scoreDb(record: EvalRecord, answer: string, ctx: Pick<ScoreContext, 'attempt' | 'environment'>): Promise<Score> {
  const env = ctx.environment
  if (!isMysqlEnvironment(env)) return { isCorrect: null, reason: 'no_database', metadata: {} }
  const m = record.metadata as unknown as DbMeta & { answer_type: string; answer_md5: string | null; answer_direct: GoldRow[] | null; gold_sql: string; skills: string[] }
  const agentic = usedTools(ctx)
  const stop = ctx.attempt?.stop ?? 'answer'
  const meta: Record<string, unknown> = { mode: agentic ? 'agentic' : 'oneshot', answer_type: m.answer_type, server: env.server.kind, server_version: env.server.version, skills: m.skills, ...(stop !== 'answer' ? { stop } : {}) }
  try {
    let oneshotRows: string | null = null
    if (!agentic && stop === 'answer') {
      const sql = extractOperationSql(answer)
      if (sql) {
        const r = await runOperation(env.connection, sql)
        Object.assign(meta, { oneshot_sql: sql, oneshot_observation: r.observation.slice(0, 2000) })
        if (r.ok) oneshotRows = r.observation
      }
    }
    return m.answer_type === 'md5' ? await judgeMd5(env, m, meta) : judgeDirect(answer, m, meta, stop, oneshotRows)
  } catch (e) {
    return { isCorrect: null, reason: 'harness_error', metadata: { ...meta, harness_error: errorText(e) } }
  }
}

async function judgeMd5(env: MysqlEnvironment, m: DbMeta & { answer_md5: string | null; gold_sql: string }, meta: Record<string, unknown>): Promise<Score> {
  const actual = await tableHash(env.connection, m)
  let reference = m.answer_md5
  let source = 'dataset_md5'
  const ref = await env.scratch(initStatements(m), 'gold')
  const gold = await runOperation(ref.connection, m.gold_sql)
  if (gold.ok) {
    reference = await tableHash(ref.connection, m)
    source = 'gold_sql_same_server'
    // The dataset's md5 was computed on MySQL 8; a difference here is the engines rendering a value differently.
    meta.gold_matches_dataset_md5 = reference === m.answer_md5
  } else meta.gold_sql_error = gold.observation
  Object.assign(meta, { table_hash: actual, reference_hash: reference, reference_source: source, dataset_md5: m.answer_md5 })
  if (!reference) return { isCorrect: null, reason: 'no_reference', metadata: meta }
  const ok = actual === reference
  return { isCorrect: ok, expected: `table md5 ${reference}`, extracted: actual, ...(ok ? {} : { reason: 'table_state_differs' }), metadata: meta }
}

function judgeDirect(answer: string, m: { answer_direct: GoldRow[] | null }, meta: Record<string, unknown>, stop: string, oneshotRows: string | null): Score {
  if (!m.answer_direct) return { isCorrect: null, reason: 'no_reference', metadata: meta }
  const expected = JSON.stringify(m.answer_direct)
  // Out of rounds without committing an answer: upstream's default answer is empty, which is wrong.
  if (stop !== 'answer') return { isCorrect: false, expected, extracted: null, reason: stop, metadata: meta }
  const text = finalAnswer(answer) ?? oneshotRows
  if (text === null) return { isCorrect: false, expected, extracted: null, reason: answer.trim() ? 'no_final_answer' : 'empty_response', metadata: meta }
  meta.final_answer = text.slice(0, 2000)
  const ok = validateDirect(text, m.answer_direct)
  return { isCorrect: ok, expected, extracted: text, ...(ok ? {} : { reason: 'answer_differs' }), metadata: meta }
}
