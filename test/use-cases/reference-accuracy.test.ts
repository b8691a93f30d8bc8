// Every record of the nine use-case benchmarks, scored by the real scorers: an answer built from the reference
// passes (with a judge that agrees, and with the keyword heuristic when no judge is configured); a deliberately
// poor answer fails; and where a benchmark has deterministic parts, a judge that says yes to everything cannot
// pass the poor answer.
import { describe, expect, test } from 'vitest'
import { loadDefinition } from '../../evals/registry.ts'
import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import type { EvalRecord } from '../../src/core/record.ts'
import { scoreCtx, scriptedJudge } from '../support/fixtures-wave1.ts'
import { judgeReply, perfectAnswer, poorAnswer, USE_CASE_KEYS, type UseCaseKey } from '../support/use-case-answers.ts'
import { loadAll } from '../support/use-cases.ts'

const NO_HEURISTIC = new Set<UseCaseKey>(['email_triage', 'knowledge_base', 'coding_assistant']) // judge fallback only (unscored without one), or no judge at all
const GATED = new Set<UseCaseKey>(['security_scanner', 'daily_digest', 'doc_qa', 'email_triage'])

/** Share of records scored correct; the wrong ones' ids and reasons go in the failure message. */
async function accuracy(def: BenchmarkDefinition, key: UseCaseKey, records: EvalRecord[], answer: typeof perfectAnswer, judge: 'pass' | 'fail' | 'none') {
  const wrong: string[] = []
  let correct = 0
  // a few at a time: coding_assistant runs a sandbox per record, and this machine has few cores
  for (let i = 0; i < records.length; i += 6) {
    await Promise.all(
      records.slice(i, i + 6).map(async (r) => {
        const j = judge === 'none' ? scriptedJudge([], { available: false }) : scriptedJudge([judgeReply(key, judge, r)])
        const s = await def.score(r, answer(key, r), scoreCtx(j))
        if (s.isCorrect === true) correct++
        else wrong.push(`${r.record_id}: ${s.reason ?? ''} ${JSON.stringify(s.metadata).slice(0, 300)}`)
      }),
    )
  }
  return { share: correct / records.length, wrong }
}

describe.each(USE_CASE_KEYS)('%s on all its records', (key) => {
  test('reference answers: 100%; poor answers: 0%', { timeout: 120_000 }, async () => {
    const def = await loadDefinition({ benchmark: key, dataset: null, scorer: null, category: null })
    const records = await loadAll(def)
    const expectShare = async (answer: typeof perfectAnswer, judge: 'pass' | 'fail' | 'none', want: number, what: string) => {
      const a = await accuracy(def, key, records, answer, judge)
      expect(a.share, `${what}:\n${a.wrong.join('\n')}`).toBe(want)
    }
    await expectShare(perfectAnswer, 'pass', 1, 'reference answers, judge agrees')
    await expectShare(poorAnswer, 'fail', 0, 'poor answers, judge disagrees')
    if (!NO_HEURISTIC.has(key)) {
      await expectShare(perfectAnswer, 'none', 1, 'reference answers, heuristic')
      await expectShare(poorAnswer, 'none', 0, 'poor answers, heuristic')
    }
    if (GATED.has(key)) await expectShare(poorAnswer, 'pass', 0, 'poor answers, a yes-to-everything judge')
  })
})
