// security_scanner scoring: the continuous score in `score`, detection by file and type, false-positive traps,
// the checklist judge (and its heuristic), unparseable replies and reparse-judge.
import { describe, expect, test } from 'vitest'
import { resultLine, scoreCtx, scriptedJudge } from '../../test/support/fixtures-wave1.ts'
import { perfectAnswer } from '../../test/support/use-case-answers.ts'
import { detectFindings } from './detect.ts'
import { loadSecurityScanner } from './loader.ts'
import { rescore, scoreAnswer } from './scorer.ts'

const records = await loadSecurityScanner({ seed: 0, log: () => {} })
const rec = records.find((r) => r.record_id === 'security_scanner-hard-order-service')!
const vulns = rec.metadata.vulnerabilities as Parameters<typeof detectFindings>[1]
const ALL_YES = '1. yes — files\n2. yes — types\n3. yes — fixes\n4. yes — severities\n5. yes — sections'

describe('security_scanner scorer', () => {
  test('the prompt shows each file under ### with a python fence; subject is the tier', () => {
    expect(rec.subject).toBe('hard')
    expect(rec.problem).toContain('## Risk Level (one of CRITICAL, HIGH, MEDIUM, LOW)')
    expect(rec.problem).toContain('### orders.py\n```python\nimport sqlite3')
  })

  test('a full report: score 1 in the JSONL `score` (OpenJarvis kept it in final_score, score binary); the judge prompt carries the findings', async () => {
    const judge = scriptedJudge([ALL_YES])
    const s = await scoreAnswer(rec, perfectAnswer('security_scanner', rec), scoreCtx(judge))
    expect(s).toMatchObject({ isCorrect: true, score: 1, metadata: { final_score: 1, components: { detection: 1, severity: 1, false_positive: 1, checklist: 1 } } })
    const prompt = judge.calls[0][1].content
    expect(prompt).toContain('1. The report identifies the vulnerable file(s): orders.py, export.py.')
    expect(prompt).toContain('SQL injection in orders.py (line 20); command injection in export.py (line 14)')
    expect(prompt).toContain('<number>. <yes or no> — <short reason>')
  })

  test('half the findings: detection 0.5, wrong, and the partial score is kept', async () => {
    const half = '## Vulnerabilities\n- orders.py line 20: SQL injection (high). Fix: whitelist the sort column.\n## Risk Level\nHIGH'
    const s = await scoreAnswer(rec, half, scoreCtx(scriptedJudge([ALL_YES])))
    expect(s).toMatchObject({ isCorrect: false, metadata: { vulns_missed: ['export.py:14 command_injection'] } })
    expect(s.score).toBeCloseTo(0.6 * 0.5 + 0.2 + 0.1 + 0.1, 9)
  })

  test('flagging a safe pattern as a risk is a false positive; clearing it explicitly is not', () => {
    const flag = 'In orders.py the query `WHERE id = ? AND buyer_id = ?` is a SQL injection risk.'
    expect(detectFindings(flag, vulns, rec.metadata.safe_patterns as string[]).falsePositives).toEqual(['WHERE id = ? AND buyer_id = ?'])
    const cleared = 'The parameterized query `WHERE id = ? AND buyer_id = ?` is safe; the ORDER BY in search_orders is the risk.'
    expect(detectFindings(cleared, vulns, rec.metadata.safe_patterns as string[]).falsePositives).toEqual([])
  })

  test('types match by alias ("shell injection", "SQLi"); the file must be named', () => {
    const f = detectFindings('SQLi in orders.py; shell injection through gzip in export.py', vulns, [])
    expect(f.found).toHaveLength(2)
    expect(detectFindings('SQL injection and command injection somewhere', vulns, []).found).toHaveLength(0)
  })

  test('unparseable judge reply → null with the raw text and the deterministic parts; reparse-judge recomputes the score', async () => {
    const answer = perfectAnswer('security_scanner', rec)
    const s = await scoreAnswer(rec, answer, scoreCtx(scriptedJudge(['Great report, well done!'])))
    expect(s).toMatchObject({ isCorrect: null, score: null, reason: 'judge_unparseable', metadata: { raw_judge_output: 'Great report, well done!', components: { detection: 1 } } })
    const line = resultLine('security_scanner', rec, answer, s)
    line.scoring_metadata.raw_judge_output = '1. yes\n2. yes\n3. no — vague\n4. yes\n5. yes'
    const again = rescore(line)!
    expect(again).toMatchObject({ isCorrect: true, metadata: { components: { checklist: 0.8 }, covered_count: 4 } })
    expect(again.score).toBeCloseTo(0.98, 9)
  })

  test('no judge: the heuristic checklist, marked; a judge error is unscored, not zero', async () => {
    const h = await scoreAnswer(rec, perfectAnswer('security_scanner', rec), scoreCtx(scriptedJudge([], { available: false })))
    expect(h).toMatchObject({ isCorrect: true, metadata: { judge: 'heuristic', components: { checklist: 1 } } })
    expect(h.metadata.judge_usage).toBeUndefined()
    const e = await scoreAnswer(rec, 'orders.py SQL injection', scoreCtx(scriptedJudge([new Error('HTTP 500')])))
    expect(e).toMatchObject({ isCorrect: null, reason: 'judge_error' })
  })
})
