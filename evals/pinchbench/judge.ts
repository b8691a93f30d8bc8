// PinchBench's LLM judge: upstream's lib_grading prompt (task, expected behaviour, the transcript summary, the
// rubric — or the grading criteria as a list when there is none), a JSON reply {scores, total, notes}, read as
// upstream reads it (fenced or balanced JSON; nested {score}; criteria_scores; total, else score, else the mean
// of the scores; a "total: 0.7" line as a last resort), except that the LAST object giving a total wins where
// upstream preferred any object with a "scores" key (an echo of the prompt's example has one).
import { jsonObjects } from '../../src/scoring/judge/json-reply.ts'

export function judgePrompt(p: { prompt: string; expectedBehavior: string; summary: string; rubric: string }): string {
  return (
    'You are a grading function. Your ONLY job is to output a single JSON object.\n\n' +
    'CRITICAL RULES:\n' +
    '- Do NOT use any tools (no Read, Write, exec, or any other tool calls)\n' +
    '- Do NOT create files or run commands\n' +
    '- Do NOT write any prose, explanation, or commentary outside the JSON\n' +
    '- Respond with ONLY a JSON object — nothing else\n\n' +
    'Be a strict evaluator. Reserve 1.0 for genuinely excellent performance. ' +
    'An average acceptable completion should score around 0.6-0.7. ' +
    'Deduct points for unnecessary steps, verbose output, and inefficient tool usage.\n\n' +
    `## Task\n${p.prompt}\n\n## Expected Behavior\n${p.expectedBehavior}\n\n## Agent Transcript (summarized)\n${p.summary}\n\n## Grading Rubric\n${p.rubric}\n\n` +
    'Score each criterion from 0.0 to 1.0.\n\n' +
    'Respond with ONLY this JSON structure (no markdown, no code fences, no extra text):\n' +
    '{"scores": {"criterion_name": 0.0}, "total": 0.0, "notes": "brief justification"}'
  )
}

export interface JudgeVerdict {
  total: number
  scores: Record<string, number>
  notes: string
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() && Number.isFinite(Number(v)) ? Number(v) : null)

function scoresOf(v: unknown): Record<string, number> {
  const out: Record<string, number> = {}
  if (!v || typeof v !== 'object') return out
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    const n = num(x && typeof x === 'object' ? (x as Record<string, unknown>).score : x)
    if (n !== null) out[k] = n
  }
  return out
}

/** null: nothing readable (the sample is then unscored with the raw reply kept). */
export function parseJudgeReply(raw: string): JudgeVerdict | null {
  // The last object that gives a total: an echo of the prompt's example comes before the judge's own.
  for (const o of jsonObjects(raw).reverse()) {
    const scores = scoresOf(o.scores ?? o.criteria_scores)
    const values = Object.values(scores)
    const total = num(o.total) ?? num(o.score) ?? (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null)
    if (total !== null) return { total: Math.min(1, Math.max(0, total)), scores, notes: String(o.notes ?? o.justification ?? o.reasoning ?? '') }
  }
  const prose = /(?:total|overall|final)\s*(?:score)?[:\s]*(0\.\d+|1\.0+|1|0)\b/i.exec(raw ?? '')
  return prose ? { total: Number(prose[1]), scores: {}, notes: 'score read from prose (no JSON)' } : null
}
