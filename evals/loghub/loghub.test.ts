import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { HDFS_BLOCKS, hdfsLabels, hdfsLog, writeLoghub } from '../../test/support/fixtures-loghub.ts'
import { loadCtx, resultLine, scoreCtx, scriptedJudge } from '../../test/support/fixtures-wave1.ts'
import { useFakeHub } from '../../test/support/use-fake-hub.ts'
import { runProcess } from '../../test/support/run-process.ts'
import { logLines } from './log-lines.ts'
import { hdfsRecords, loadLoghub } from './loader.ts'
import { rank, SmallestK } from './pick.ts'
import { rescore, scoreAnswer } from './scorer.ts'
import { readVerdict } from './verdict.ts'

const { hub } = useFakeHub(writeLoghub)

describe('loghub hdfs: sessions by block id out of the streamed HDFS.log', () => {
  test('every labelled block is a session: its lines in log order, the first 200 shown, the label from anomaly_label.csv', async () => {
    const records = await loadLoghub(loadCtx())
    const byId = Object.fromEntries(records.map((r) => [r.record_id, r]))
    expect(Object.keys(byId).sort()).toEqual(HDFS_BLOCKS.map((b) => `loghub-hdfs-${b.id}`).sort())
    const long = byId['loghub-hdfs-blk_-3544583377289625738']
    expect(long.metadata).toMatchObject({ num_lines: 230, lines_shown: 200, label: 'Normal', dataset: 'hdfs' })
    expect(long.problem).toContain('Log session for block blk_-3544583377289625738 (230 lines, the first 200 shown):\n```\n081109 ')
    expect(long.problem.split('\n').filter((l) => l.startsWith('081109'))).toHaveLength(200)
    const bad = byId['loghub-hdfs-blk_7503483334202473044']
    expect(bad).toMatchObject({ reference: 'anomaly', subject: 'hdfs', category: 'agentic' })
    // the deletion line names two blocks: it belongs to both sessions (each distinct id of a line counts)
    const first = byId['loghub-hdfs-blk_-1608999687919862906']
    expect(first.metadata.num_lines).toBe(7)
    expect(first.problem).toContain(`to delete  blk_-1608999687919862906 ${HDFS_BLOCKS[1].id}`)
    expect(bad.metadata.num_lines).toBe(6)
    expect(first.problem.startsWith('You are an expert in log analysis.')).toBe(true)
    expect(first.problem).toContain('Begin your reply with exactly one word, ANOMALY or NORMAL.')
  })

  test('max_samples reads that many sessions, a seeded sample, plus the record_ids asked for; the scan is cached', async () => {
    const two = await loadLoghub(loadCtx({ maxSamples: 2 }))
    expect(two).toHaveLength(2)
    expect(await loadLoghub(loadCtx({ maxSamples: 2 }))).toEqual(two)
    const other = await loadLoghub(loadCtx({ maxSamples: 2, seed: 7 }))
    const ranked = (seed: number) => HDFS_BLOCKS.map((b) => b.id).sort((a, b) => rank(seed, a) - rank(seed, b)).slice(0, 2)
    expect(two.map((r) => r.metadata.block_id).sort()).toEqual(ranked(42).sort())
    expect(other.map((r) => r.metadata.block_id).sort()).toEqual(ranked(7).sort())
    const missing = HDFS_BLOCKS.map((b) => b.id).find((id) => !ranked(42).includes(id))!
    const named = await loadLoghub(loadCtx({ maxSamples: 2, recordIds: [`loghub-hdfs-${missing}`] }))
    expect(named.map((r) => r.metadata.block_id)).toContain(missing)
    expect(named).toHaveLength(3)
  })

  test('subset bgl: windows of 100 lines, anomalous when a line carries an alert tag; an unknown subset is one line', async () => {
    const w = await loadLoghub(loadCtx({ subset: 'bgl' }))
    expect(w.map((r) => [r.record_id, r.reference, r.metadata.num_lines])).toEqual([
      ['loghub-bgl-w0', 'normal', 100],
      ['loghub-bgl-w1', 'anomaly', 100],
      ['loghub-bgl-w2', 'normal', 100],
      ['loghub-bgl-w3', 'normal', 30],
    ])
    expect(w[1].problem).toContain('Log window 1 (100 lines):\n```\n- 1117')
    expect((await loadLoghub(loadCtx({ subset: 'bgl', maxSamples: 2 }))).length).toBe(2)
    await expect(loadLoghub(loadCtx({ subset: 'hadoop' }))).rejects.toThrow(/loghub: unknown subset "hadoop"; use hdfs \(default\), bgl or thunderbird/)
    // only the two files it reads were fetched from the HDFS repo
    const got = new Set(hub().requests.filter((r) => r.path.startsWith('/datasets/logpai/loghub-HDFS-v1/resolve/')).map((r) => r.path.split('/').pop()))
    expect([...got].sort()).toEqual(['HDFS.log', 'anomaly_label.csv'])
  })
})

describe('loghub streaming pieces', () => {
  test('lines across chunk boundaries, CRLF, a missing final newline, broken UTF-8 replaced', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-loglines-'))
    const f = join(dir, 'x.log')
    writeFileSync(f, Buffer.concat([Buffer.from('a'.repeat(3000) + '\r\nsecond line\n\nthird '), Buffer.from([0xe2, 0x82]), Buffer.from('€ end')]))
    const lines: string[] = []
    for await (const l of logLines(f)) lines.push(l)
    expect(lines.map((l) => l.length)).toEqual([3000, 11, 0, 12])
    expect(lines[3]).toBe('third \ufffd€ end')
  })

  test('SmallestK keeps the k smallest ranks whatever the order, in O(k)', () => {
    const ids = Array.from({ length: 500 }, (_, i) => `id${i}`)
    const want = [...ids].sort((a, b) => rank(3, a) - rank(3, b)).slice(0, 7)
    for (const order of [ids, [...ids].reverse()]) {
      const k = new SmallestK<number>(7, 3)
      order.forEach((id, i) => k.offer(id, i))
      expect(k.items().map((x) => x.id)).toEqual(want)
    }
  })

  test('an HDFS log far bigger than the V8 heap is read under a 40 MB cap; a reader that holds it dies there', async () => {
    const res = await runProcess(process.execPath, ['--max-old-space-size=40', 'bench/loghub-stream.mjs', '--mb', '80', '--sessions', '40', '--blocks', '1000'], { timeoutMs: 120_000 })
    expect(res.code, res.stderr).toBe(0)
    const out = JSON.parse(res.stdout.trim().split('\n').at(-1)!)
    expect(out).toMatchObject({ file_mb: 80, sessions: 40 })
    expect(out.lines_kept).toBe(40 * 200)
    // the control: all lines in memory at once, as OpenJarvis's loader holds them
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-loghub-naive-'))
    const log = join(dir, 'HDFS.log')
    writeFileSync(log, hdfsLog().repeat(1))
    const naive = await runProcess(process.execPath, ['--max-old-space-size=40', '-e', `const fs=require('fs');const line=fs.readFileSync(${JSON.stringify(log)},'utf8').split('\\n')[1]+'\\n';fs.writeFileSync(${JSON.stringify(log)}, line.repeat(Math.ceil(80*1048576/line.length)));const all=fs.readFileSync(${JSON.stringify(log)},'utf8').split('\\n');console.log(all.length)`], { timeoutMs: 120_000 })
    expect(naive.code).not.toBe(0)
    expect(naive.stderr).toMatch(/heap out of memory|Allocation failed/)
  }, 180_000)

  test('hdfsRecords works on files on disk (what the bench measures)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-hdfs-'))
    writeFileSync(join(dir, 'HDFS.log'), hdfsLog())
    writeFileSync(join(dir, 'anomaly_label.csv'), hdfsLabels())
    expect(await hdfsRecords(join(dir, 'HDFS.log'), join(dir, 'anomaly_label.csv'), 10, 42)).toHaveLength(5)
    writeFileSync(join(dir, 'bad.csv'), 'block,label\n')
    await expect(hdfsRecords(join(dir, 'HDFS.log'), join(dir, 'bad.csv'), 10, 42)).rejects.toThrow(/expected the header "BlockId,Label"/)
  })
})

describe('loghub verdicts and scoring', () => {
  test.each([
    ['ANOMALY\nThe block is reported invalid.', 'anomaly', 'first_word'],
    ['**NORMAL** — the usual allocate/receive/terminate pattern.', 'normal', 'first_word'],
    ['Anomalous. An IOException was raised.', 'anomaly', 'first_word'],
    ['After reading it all, Verdict: NORMAL', 'normal', 'labelled'],
    ['I see no anomaly in this session.', 'normal', 'words'],
    ['This session is not normal: the block went missing.', 'anomaly', 'words'],
    ['This looks anomalous compared to normal sessions.', null, null],
    ['The session has three lines.', null, null],
    ['This is abnormal.', 'anomaly', 'words'],
  ])('%j → %s', (text, label, via) => {
    expect(readVerdict(text)).toEqual({ label, via })
  })

  const rec = { record_id: 'loghub-hdfs-blk_1', problem: 'p', reference: 'anomaly', category: 'agentic', subject: 'hdfs', metadata: {} }

  test('the answer’s own words decide without the judge', async () => {
    const judge = scriptedJudge([])
    expect(await scoreAnswer(rec, 'ANOMALY: the block is not valid', scoreCtx(judge))).toMatchObject({ isCorrect: true, extracted: 'anomaly', metadata: { match_type: 'regex' } })
    expect(await scoreAnswer(rec, 'I found nothing anomalous.', scoreCtx(judge))).toMatchObject({ isCorrect: false, extracted: 'normal' })
    expect(judge.calls).toHaveLength(0)
    expect(await scoreAnswer(rec, '', scoreCtx(judge))).toMatchObject({ isCorrect: false, reason: 'empty_response' })
  })

  test('unclear answers go to the judge (32 tokens); its unreadable reply is unscored, not "normal"', async () => {
    const judge = scriptedJudge(['ANOMALY', 'I am not sure.', new Error('boom')])
    const s = await scoreAnswer(rec, 'Hard to say: this looks anomalous compared to normal ones.', scoreCtx(judge))
    expect(s).toMatchObject({ isCorrect: true, metadata: { match_type: 'judge', raw_judge_output: 'ANOMALY', judge_usage: { calls: 1 } } })
    expect(judge.calls[0][0].content).toContain('Does the reply classify the log as ANOMALY or as NORMAL?')
    const unread = await scoreAnswer(rec, 'Hmm.', scoreCtx(judge))
    expect(unread).toMatchObject({ isCorrect: null, reason: 'judge_unparseable' })
    expect(await scoreAnswer(rec, 'Hmm.', scoreCtx(judge))).toMatchObject({ isCorrect: null, reason: 'judge_error' })
    const stored = resultLine('loghub', rec, 'Hmm.', unread)
    expect(rescore({ ...stored, scoring_metadata: { ...stored.scoring_metadata, raw_judge_output: 'NORMAL' } })).toMatchObject({ isCorrect: false, extracted: 'normal' })
  })
})
