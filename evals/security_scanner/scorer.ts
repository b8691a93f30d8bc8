// security_scanner scoring: detection, severities and false-positive traps (detect.ts) blended with a
// five-item checklist judge.
//
//   score = 0.6·detection + 0.2·severity + 0.1·max(0, 1 − false positives / 3) + 0.1·checklist
//   correct = every vulnerability detected AND score ≥ 0.8
//
//   scoreAnswer(record, answer, ctx): Promise<Score>
//   rescore(result): Score | null          reparse-judge
//
// OpenJarvis stored this score as `final_score` and left the JSONL `score` binary; here `score` IS the
// continuous score (and `final_score` repeats it). severity = found vulnerabilities with their severity word /
// found (0 when none is found). Without a judge the checklist is OpenJarvis's heuristic (0.5 for a fix word, 0.5
// for a severity word), marked `judge: "heuristic"`.
import type { EvalRecord } from '../../src/core/record.ts'
import type { SampleResult } from '../../src/core/sample-result.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { checklistRules, rescoreBlend, scoreBlend, type BlendRules } from '../../src/scoring/judge/checklist-blend.ts'
import { emptyResponseScore } from '../../src/scoring/judge/structured-judge.ts'
import { detectFindings } from './detect.ts'
import type { Vulnerability } from './loader.ts'
import { checklistItems } from './prompt.ts'

export const RULES: BlendRules = checklistRules((c) => {
  const score = 0.6 * c.detection + 0.2 * c.severity + 0.1 * c.false_positive + 0.1 * c.checklist
  return { score, isCorrect: c.detection === 1 && score >= 0.8 - 1e-9 }
})

const FIX_WORDS = /recommend|fix|remediat|mitigat/i
const SEVERITY_WORD = /\b(critical|high|medium|low)\b/i

export async function scoreAnswer(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> {
  if (!answer.trim()) return { ...emptyResponseScore(record.reference), score: 0 }
  const vulns = record.metadata.vulnerabilities as Vulnerability[]
  const safe = record.metadata.safe_patterns as string[]
  const f = detectFindings(answer, vulns, safe)
  const deterministic = {
    detection: f.found.length / vulns.length,
    severity: f.found.length ? f.severityCorrect / f.found.length : 0,
    false_positive: Math.max(0, 1 - f.falsePositives.length / 3),
  }
  const metadata = {
    vulns_found: f.found.map((v) => `${v.file}:${v.line} ${v.type}`),
    vulns_missed: f.missed.map((v) => `${v.file}:${v.line} ${v.type}`),
    severity_correct: f.severityCorrect,
    false_positives: f.falsePositives,
  }
  return scoreBlend(ctx, RULES, {
    context: record.problem,
    response: answer,
    items: checklistItems(vulns),
    deterministic,
    heuristic: () => ({ checklist: (FIX_WORDS.test(answer) ? 0.5 : 0) + (SEVERITY_WORD.test(answer) ? 0.5 : 0) }),
    metadata,
    expected: record.reference,
    contextChars: 6000,
    responseChars: 8000,
})
}

export const rescore = (result: SampleResult): Score | null => rescoreBlend(result, RULES)
