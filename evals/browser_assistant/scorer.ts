// browser_assistant scoring: exact facts, semantic facts (judge checklist), a three-item quality checklist and
// cited sources.
//
//   score = e·exact + s·semantic + 0.15·quality + 0.15·sources      e = s = 0.35; 0.7 for the only kind present
//   correct = score ≥ 0.7
//
//   scoreAnswer(record, answer, ctx): Promise<Score>
//   rescore(result): Score | null          reparse-judge
//
// One judge call rates the semantic facts ("The answer covers: …") and the quality items together. Without a
// judge, OpenJarvis's heuristics stand in (a semantic fact needs 40% of its words; quality is 0.5 for any digit
// plus 0.5 for cited sources), marked `judge: "heuristic"`. The JSONL `score` is the continuous score.
//
// Web tools: the benchmark needs none (jarvis-direct answers from what the model knows). A backend that offers
// web_search / web_fetch (jarvis-agent) lets the model look facts up; the scorer then records the calls and the
// URLs the model fetched (`web_tool_calls`, `fetched_urls`) and which cited URLs it had actually seen.
import type { EvalRecord } from '../../src/core/record.ts'
import type { SampleResult } from '../../src/core/sample-result.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { coveredShare, rescoreBlend, scoreBlend, type BlendRules, type Components } from '../../src/scoring/judge/checklist-blend.ts'
import { emptyResponseScore } from '../../src/scoring/judge/structured-judge.ts'
import { citesSources, exactFactFound, semanticFactFoundHeuristic } from './facts.ts'
import { checklistItems } from './prompt.ts'
import { webToolUse } from './web-tools.ts'

export const RULES: BlendRules = {
  judgedKeys: ['semantic', 'quality'],
  fromJudge(covered, meta) {
    const n = Number(meta.semantic_count) || 0
    const out: Components = { quality: coveredShare(covered.slice(n)) }
    if (n > 0) out.semantic = coveredShare(covered.slice(0, n))
    return out
  },
  decide(c) {
    const hasExact = c.exact !== undefined
    const hasSemantic = c.semantic !== undefined
    const [e, s] = hasExact && hasSemantic ? [0.35, 0.35] : hasExact ? [0.7, 0] : [0, 0.7]
    const score = e * (c.exact ?? 0) + s * (c.semantic ?? 0) + 0.15 * c.quality + 0.15 * c.sources
    return { score, isCorrect: score >= 0.7 - 1e-9 }
  },
}

const share = (facts: string[], found: (f: string) => boolean) => (facts.length ? facts.filter(found).length / facts.length : 1)

export async function scoreAnswer(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> {
  if (!answer.trim()) return { ...emptyResponseScore(record.reference), score: 0 }
  const exact = record.metadata.exact_facts as string[]
  const semantic = record.metadata.semantic_facts as string[]
  const sources = citesSources(answer)
  const deterministic: Components = { sources: sources ? 1 : 0 }
  if (exact.length) deterministic.exact = share(exact, (f) => exactFactFound(f, answer))
  return scoreBlend(ctx, RULES, {
    context: record.problem,
    response: answer,
    items: checklistItems(semantic),
    deterministic,
    heuristic: () => ({
      quality: (/\d/.test(answer) ? 0.5 : 0) + (sources ? 0.5 : 0),
      ...(semantic.length ? { semantic: share(semantic, (f) => semanticFactFoundHeuristic(f, answer)) } : {}),
    }),
    metadata: {
      semantic_count: semantic.length,
      exact_found: exact.filter((f) => exactFactFound(f, answer)),
      exact_missing: exact.filter((f) => !exactFactFound(f, answer)),
      sources_cited: sources,
      ...webToolUse(ctx.attempt, answer),
    },
    expected: record.reference,
    contextChars: 2000,
    responseChars: 6000,
  })
}

export const rescore = (result: SampleResult): Score | null => rescoreBlend(result, RULES)
