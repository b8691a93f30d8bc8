// Judges asked to "respond with exactly: CORRECT or INCORRECT, then explain" (DeepPlanning, PaperArena).
//
//   parseCorrectIncorrect(text): { verdict: boolean | null, via }
//   judgeCorrectIncorrect(ctx, messages, { expected, maxTokens, metadata }): Promise<Score>
//   correctIncorrectScore(raw, metadata, expected?): Score       rescoreCorrectIncorrect(result): Score | null
//
// OpenJarvis counted a reply correct when \bCORRECT\b appeared and \bINCORRECT\b did not, so "NOT CORRECT" was
// correct. Here the reply's first word decides (what the prompt asks for), else a labelled verdict line, else the
// structured reader (parseCorrectVerdict: `correct: yes` lines, verdict words read with their negations, only when
// they all agree). Nothing sure is null with the raw reply kept for reparse-judge.
import type { ChatMessage } from '../../core/messages.ts'
import type { SampleResult } from '../../core/sample-result.ts'
import type { Score, ScoreContext } from '../../core/score.ts'
import { askJudge, judgeUnscored, newUsage } from './judge-call.ts'
import { parseCorrectVerdict } from './verdict.ts'

export interface CorrectIncorrect {
  verdict: boolean | null
  via: 'first_word' | 'verdict_line' | 'structured' | null
}

export function parseCorrectIncorrect(text: string): CorrectIncorrect {
  const t = (text ?? '').replace(/<think>[\s\S]*?<\/think>/gi, ' ').replace(/[*_`#>]/g, ' ').trim()
  const first = /^\W*(incorrect|correct)\b(?!\s*[:=])/i.exec(t)
  if (first) return { verdict: first[1].toLowerCase() === 'correct', via: 'first_word' }
  const line = [...t.matchAll(/\b(?:verdict|grade|judge?ment|decision|evaluation|result)\s*[:=\-–]\s*\W*(incorrect|correct)\b/gi)].at(-1)
  if (line) return { verdict: line[1].toLowerCase() === 'correct', via: 'verdict_line' }
  const v = parseCorrectVerdict(t).verdict
  return v === null ? { verdict: null, via: null } : { verdict: v, via: 'structured' }
}

export function correctIncorrectScore(raw: string, metadata: Record<string, unknown>, expected?: string): Score {
  const v = parseCorrectIncorrect(raw)
  const meta: Record<string, unknown> = { ...metadata, match_type: 'judge', raw_judge_output: raw, verdict_via: v.via }
  delete meta.reason
  const base = expected !== undefined ? { expected } : {}
  if (v.verdict === null) return { ...base, isCorrect: null, reason: 'judge_unparseable', metadata: { ...meta, reason: 'judge_unparseable' } }
  return { ...base, isCorrect: v.verdict, metadata: meta }
}

export async function judgeCorrectIncorrect(ctx: ScoreContext, messages: ChatMessage[], o: { expected?: string; maxTokens?: number; metadata?: Record<string, unknown> } = {}): Promise<Score> {
  const usage = newUsage()
  const reply = await askJudge(ctx, messages, usage, { maxTokens: o.maxTokens ?? 4096 })
  const metadata = { ...o.metadata, judge_usage: usage }
  if (!reply.ok) return judgeUnscored(reply, { ...metadata, match_type: 'judge' }, o.expected)
  return correctIncorrectScore(reply.text, metadata, o.expected)
}

export function rescoreCorrectIncorrect(result: SampleResult): Score | null {
  const m = result.scoring_metadata ?? {}
  return typeof m.raw_judge_output === 'string' ? correctIncorrectScore(m.raw_judge_output, m) : null
}
