// PinchBench verdicts: automated (the mean of grade()'s criteria, run in the sandbox on the workspace the agent
// left), llm_judge (the judge's total), hybrid (grading_weights, default 0.5/0.5). Correct at score ≥ 0.5.
// A grade() that crashes or a judge that cannot answer leaves the sample unscored, with why; upstream scored a
// missing JSON 0, counting a judge formatting failure against the model.
import type { EvalRecord } from '../../src/core/record.ts'
import type { SampleResult } from '../../src/core/sample-result.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { askJudge, judgeUnscored, newUsage } from '../../src/scoring/judge/judge-call.ts'
import { userMessage } from '../../src/scoring/judge/judge-prompts.ts'
import { runGrade } from './grade.ts'
import { judgePrompt, parseJudgeReply } from './judge.ts'
import { summarizeTranscript, toPinchTranscript } from './transcript.ts'

export const PASS_THRESHOLD = 0.5
const r4 = (x: number) => Math.round(x * 1e4) / 1e4
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0)

interface Meta {
  grading_type: 'automated' | 'llm_judge' | 'hybrid'
  grading_weights: { automated: number; llm_judge: number } | null
  grade_code: string | null
  rubric: string | null
  grading_criteria: string[]
  expected_behavior: string
}

const weightsOf = (m: Meta) => {
  const w = m.grading_weights ?? { automated: 0.5, llm_judge: 0.5 }
  return w.automated + w.llm_judge > 0 ? w : { automated: 0.5, llm_judge: 0.5 }
}

/** The verdict from the parts (pure: scoring and reparse-judge share it). */
export function combine(m: Meta, auto: number | null, judge: number | null, metadata: Record<string, unknown>): Score {
  const w = weightsOf(m)
  const score = m.grading_type === 'automated' ? auto! : m.grading_type === 'llm_judge' ? judge! : (auto! * w.automated + judge! * w.llm_judge) / (w.automated + w.llm_judge)
  const ok = score >= PASS_THRESHOLD
  return { isCorrect: ok, score: r4(score), expected: `score ≥ ${PASS_THRESHOLD}`, extracted: String(r4(score)), ...(ok ? {} : { reason: 'below_threshold' }), metadata: { ...metadata, pinchbench_score: r4(score) } }
}

export async function scorePinch(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> {
  const m = record.metadata as unknown as Meta
  const transcript = toPinchTranscript(ctx.attempt?.transcript ?? [{ role: 'user', content: record.problem }, { role: 'assistant', content: answer }])
  const meta: Record<string, unknown> = { grading_type: m.grading_type, ...(m.grading_type === 'hybrid' ? { grading_weights: weightsOf(m) } : {}) }
  let auto: number | null = null
  if (m.grading_type !== 'llm_judge') {
    if (!m.grade_code) return { isCorrect: null, reason: 'no_grade_function', metadata: meta }
    if (!ctx.environment) return { isCorrect: null, reason: 'no_workspace', metadata: meta }
    const g = await runGrade(m.grade_code, transcript, ctx.environment.workDir, ctx.signal)
    if (!g.ok) return { isCorrect: null, reason: 'grader_error', metadata: { ...meta, grader_error: g.error } }
    auto = mean(Object.values(g.scores))
    Object.assign(meta, { automated_score: r4(auto), breakdown: g.scores })
  }
  if (m.grading_type === 'automated') return combine(m, auto, null, meta)
  const usage = newUsage()
  const rubric = m.rubric || m.grading_criteria.map((c) => `- ${c}`).join('\n')
  const prompt = judgePrompt({ prompt: record.problem, expectedBehavior: m.expected_behavior, summary: summarizeTranscript(transcript), rubric })
  const reply = await askJudge(ctx, userMessage(prompt), usage, { maxTokens: 2048 })
  Object.assign(meta, { judge_usage: usage })
  if (!reply.ok) return judgeUnscored(reply, meta)
  return judgedScore(m, auto, reply.text, meta)
}

function judgedScore(m: Meta, auto: number | null, raw: string, meta: Record<string, unknown>): Score {
  const v = parseJudgeReply(raw)
  const base: Record<string, unknown> = { ...meta, raw_judge_output: raw }
  for (const k of ['reason', 'judge_error', 'judge_score', 'judge_breakdown', 'judge_notes', 'pinchbench_score']) delete base[k]
  if (!v) return { isCorrect: null, score: null, reason: 'judge_unparseable', metadata: { ...base, reason: 'judge_unparseable' } }
  return combine(m, auto, v.total, { ...base, judge_score: r4(v.total), judge_breakdown: v.scores, judge_notes: v.notes.slice(0, 1000) })
}

/** reparse-judge: the stored judge reply read again, with the stored automated score (hybrid tasks). */
export function rescorePinch(result: SampleResult): Score | null {
  const m = result.scoring_metadata ?? {}
  if (typeof m.raw_judge_output !== 'string') return null
  const type = m.grading_type === 'hybrid' ? 'hybrid' : 'llm_judge'
  const auto = typeof m.automated_score === 'number' ? m.automated_score : null
  if (type === 'hybrid' && auto === null) return null
  const meta: Meta = { grading_type: type, grading_weights: (m.grading_weights as Meta['grading_weights']) ?? null, grade_code: null, rubric: null, grading_criteria: [], expected_behavior: '' }
  return judgedScore(meta, auto, m.raw_judge_output, m)
}
