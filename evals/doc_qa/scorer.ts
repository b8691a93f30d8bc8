// doc_qa scoring: required facts, citations of their source documents, and a five-item checklist.
//
//   score = 0.5·fact + 0.3·citation + 0.2·checklist
//   correct = fact ≥ 0.8 AND citation ≥ 0.5 AND score ≥ 0.7
//
//   citedDocs(answer): number[]            every [Doc n] / Document n / Source n the answer cites
//   scoreAnswer(record, answer, ctx): Promise<Score>
//   rescore(result): Score | null          reparse-judge
//
// fact: required facts found by the 60%-of-words rule; citation: the source documents cited / the distinct
// source documents (recall, as OpenJarvis computes it although its docstring says precision; the precision is
// kept in scoring_metadata too); no citation at all is 0. The JSONL `score` is the continuous score. Without a
// judge the checklist is OpenJarvis's heuristic (0.5 for a citation, 0.5 for structure), marked `judge: "heuristic"`.
import type { EvalRecord } from '../../src/core/record.ts'
import type { SampleResult } from '../../src/core/sample-result.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { checklistRules, rescoreBlend, scoreBlend, type BlendRules } from '../../src/scoring/judge/checklist-blend.ts'
import { emptyResponseScore } from '../../src/scoring/judge/structured-judge.ts'
import { phraseCoverage } from '../../src/scoring/phrases.ts'
import { checklistItems } from './prompt.ts'

export const RULES: BlendRules = checklistRules((c) => {
  const score = 0.5 * c.fact + 0.3 * c.citation + 0.2 * c.checklist
  return { score, isCorrect: c.fact >= 0.8 - 1e-9 && c.citation >= 0.5 - 1e-9 && score >= 0.7 - 1e-9 }
})

const CITATION = /\[?\s*(?:Doc|Document|Source)\s*(\d+)\s*\]?/gi
const STRUCTURE = /^\s*(?:#{1,6}\s|[-*]\s|\d+[.)]\s)|\*\*/m

export const citedDocs = (answer: string): number[] => [...new Set([...answer.matchAll(CITATION)].map((m) => Number(m[1])))].sort((a, b) => a - b)

export async function scoreAnswer(record: EvalRecord, answer: string, ctx: ScoreContext): Promise<Score> {
  if (!answer.trim()) return { ...emptyResponseScore(record.reference), score: 0 }
  const facts = phraseCoverage(record.metadata.required_facts as string[], answer)
  const sources = record.metadata.source_docs as number[]
  const cited = citedDocs(answer)
  const hits = sources.filter((d) => cited.includes(d)).length
  const citation = cited.length ? hits / sources.length : 0
  return scoreBlend(ctx, RULES, {
    context: record.problem,
    response: answer,
    items: checklistItems(String(record.metadata.question)),
    deterministic: { fact: facts.share, citation },
    heuristic: () => ({ checklist: (cited.length ? 0.5 : 0) + (STRUCTURE.test(answer) ? 0.5 : 0) }),
    metadata: { facts_found: facts.found, facts_missing: facts.missing, cited_docs: cited, source_docs: sources, citation_precision: cited.length ? hits / cited.length : 0 },
    expected: record.reference,
    contextChars: 6000,
    responseChars: 6000,
  })
}

export const rescore = (result: SampleResult): Score | null => rescoreBlend(result, RULES)
