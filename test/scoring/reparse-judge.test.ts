import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { toRecord as frames } from '../../evals/frames/loader.ts'
import { groupRows } from '../../evals/liveresearchbench/loader.ts'
import { scoreAnswer as scoreLrb } from '../../evals/liveresearchbench/scorer.ts'
import { toRecord as math500 } from '../../evals/math500/loader.ts'
import { scoreAnswer as scoreMath } from '../../evals/math500/scorer.ts'
import { toRecord as wildchat } from '../../evals/wildchat/loader.ts'
import { scoreAnswer as scoreWildchat } from '../../evals/wildchat/scorer.ts'
import { scoreAnswer as scoreFrames } from '../../evals/frames/scorer.ts'
import type { CliIO } from '../../src/cli/io.ts'
import { main } from '../../src/cli/main.ts'
import { reparseJudgeCommand } from '../../src/cli/commands/reparse-judge.ts'
import { RunSummarySchema, SAMPLE_RESULT_KEYS, type SampleResult } from '../../src/core/sample-result.ts'
import { serializeResult } from '../../src/results/write.ts'
import { resultLine, scoreCtx, scriptedJudge, wave1Rows } from '../support/fixtures-wave1.ts'

function captureIO(): CliIO & { lines: string[]; errs: string[] } {
  const lines: string[] = []
  const errs: string[] = []
  return { out: (l) => lines.push(l), err: (l) => errs.push(l), isTTY: false, lines, errs }
}

/** A results file as a run with an older, stricter parser would have left it. */
async function writeRun(dir: string): Promise<string> {
  const interval = math500(wave1Rows('math500')[2])!
  const wife = frames(wave1Rows('frames')[0])!
  const haiku = wildchat(wave1Rows('wildchat')[0])!
  const [gpu] = groupRows(wave1Rows('liveresearchbench'))
  const lines: SampleResult[] = []
  // judged, unparseable at the time → recoverable
  const m1 = await scoreMath(interval, 'x from -3 to 7', scoreCtx(scriptedJudge(['Looks right to me.'])))
  lines.push(resultLine('math500', interval, 'x from -3 to 7', m1))
  lines[0].scoring_metadata.raw_judge_output = 'extracted_final_answer: [-3, 7]\nreasoning: same\n**correct:** yes'
  // decided by the math fast path: nothing to re-read
  const m2 = await scoreMath(interval, '\\boxed{[-3,7]}', scoreCtx(scriptedJudge([])))
  lines.push({ ...resultLine('math500', interval, '\\boxed{[-3,7]}', m2), record_id: 'math500-fast' })
  // judged wrong with the right parse: stays wrong
  const f = await scoreFrames(wife, 'Jane Doe', scoreCtx(scriptedJudge(['correct: no'])))
  lines.push(resultLine('frames', wife, 'Jane Doe', f))
  // pairwise: the first reply lost its token to a typo at the time, the stored text has it
  const w = await scoreWildchat(haiku, 'Rain on the roof', scoreCtx(scriptedJudge(['A wins: [A>B]', '[[A>B]]'])))
  lines.push(resultLine('wildchat', haiku, 'Rain on the roof', w))
  lines[3].scoring_metadata.generated_as_a = { verdict: null, raw_judge_output: 'A wins: [[A>B]]' }
  // checklist: scored wrong at the time
  const l = await scoreLrb(gpu, 'A report', scoreCtx(scriptedJudge(['{"judgments": [{"index": 1, "covered": true}]}'])))
  lines.push(resultLine('liveresearchbench', gpu, 'A report', l))
  lines[4].scoring_metadata.raw_judge_output = '{"judgments": [{"index": 1, "covered": true}, {"index": 2, "covered": "yes"}]}'
  // another benchmark and an inference error: left alone
  lines.push({ ...lines[2], record_id: 'supergpqa-1', benchmark: 'supergpqa', is_correct: true, score: 1, scoring_metadata: { candidate_letter: 'B', reference_letter: 'B' } })
  lines.push({ ...lines[0], record_id: 'math500-err', error: 'timeout: no reply in 60 s', is_correct: null, score: null })
  const file = join(dir, 'mixed_test-model.jsonl')
  writeFileSync(file, lines.map(serializeResult).join(''))
  return file
}

describe('jarvis eval reparse-judge', () => {
  test('re-reads every judged line with its own benchmark parser, in place with a backup, and rewrites the summary', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-reparse-'))
    const file = await writeRun(dir)
    const before = readFileSync(file, 'utf8')
    const io = captureIO()
    expect(await main(['eval', 'reparse-judge', file, '--in-place'], io)).toBe(0)
    expect(io.lines.map((l) => l.replaceAll(dir, '<dir>'))).toMatchInlineSnapshot(`
      [
        "Input:   <dir>/mixed_test-model.jsonl",
        "Output:  <dir>/mixed_test-model.jsonl (original kept as <dir>/mixed_test-model.jsonl.bak)",
        "Summary: <dir>/mixed_test-model.jsonl.summary.json",
        "4 records re-scored, accuracy 0.5000 → 0.8333",
        "3 verdicts changed; 1 records unscored",
      ]
    `)
    expect(readFileSync(`${file}.bak`, 'utf8')).toBe(before)
    const after = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as SampleResult)
    for (const l of after) expect(Object.keys(l)).toEqual(SAMPLE_RESULT_KEYS)
    expect(after.map((l) => [l.record_id.replace(/-[0-9a-f]{6,}$/, ''), l.is_correct, l.score])).toEqual([
      ['math500-algebra-2210', true, 1],
      ['math500-fast', true, 1],
      ['frames-0', false, 0],
      ['wildchat', true, 1],
      ['liveresearchbench-lrb_q001', true, 2 / 3],
      ['supergpqa-1', true, 1],
      ['math500-err', null, null],
    ])
    expect(after[0].scoring_metadata).toMatchObject({ extracted: '[-3, 7]', extracted_answer: '[-3, 7]', verdict_via: 'correct_line' })
    expect(after[0].scoring_metadata.reason).toBeUndefined()
    const summary = RunSummarySchema.parse(JSON.parse(readFileSync(`${file}.summary.json`, 'utf8')))
    expect(summary).toMatchObject({ total_samples: 7, scored_samples: 6, correct: 5, accuracy: 0.8333, output_path: file })
  })

  test('is idempotent: a second run changes nothing and keeps the first backup', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-reparse-'))
    const file = await writeRun(dir)
    const original = readFileSync(file, 'utf8')
    await reparseJudgeCommand([file, '--in-place'], captureIO())
    const once = readFileSync(file, 'utf8')
    const io = captureIO()
    await reparseJudgeCommand([file, '--in-place'], io)
    expect(readFileSync(file, 'utf8')).toBe(once)
    expect(readFileSync(`${file}.bak`, 'utf8')).toBe(original)
    expect(io.lines[3]).toBe('4 records re-scored, accuracy 0.8333 → 0.8333')
    expect(io.lines[4]).toMatch(/^0 verdicts changed/)
  })

  test('writes FILE.reparsed.jsonl by default, or --out, and leaves the input alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-reparse-'))
    const file = await writeRun(dir)
    const original = readFileSync(file, 'utf8')
    expect(await reparseJudgeCommand([file], captureIO())).toBe(0)
    expect(existsSync(join(dir, 'mixed_test-model.reparsed.jsonl'))).toBe(true)
    expect(existsSync(join(dir, 'mixed_test-model.reparsed.jsonl.summary.json'))).toBe(true)
    const out = join(dir, 'sub', 'fixed.jsonl')
    expect(await reparseJudgeCommand([file, '--out', out], captureIO())).toBe(0)
    expect(existsSync(`${out}.summary.json`)).toBe(true)
    expect(readFileSync(file, 'utf8')).toBe(original)
    expect(existsSync(`${file}.bak`)).toBe(false)
  })

  test('bad input is a one-line error with exit code 2', async () => {
    const io = captureIO()
    expect(await main(['eval', 'reparse-judge', '/nope/results.jsonl'], io)).toBe(2)
    expect(io.errs).toEqual(['jarvis: /nope/results.jsonl: no such results file. Check the path, or run jarvis eval run first.'])
    const io2 = captureIO()
    expect(await main(['eval', 'reparse-judge', 'a.jsonl', '--out', 'b.jsonl', '--in-place'], io2)).toBe(2)
    expect(io2.errs).toEqual(['jarvis: reparse-judge: give --out PATH or --in-place, not both.'])
    expect(await reparseJudgeCommand([], captureIO())).toBe(2)
  })
})
