import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import type { Judge } from '../../src/core/judge.ts'
import { loadLocalRecords } from './loader.ts'
import { scoreExact, scoreJudged } from './scorer.ts'

const dir = mkdtempSync(join(tmpdir(), 'jarvis-custom-'))
const file = (name: string, text: string) => {
  const p = join(dir, name)
  writeFileSync(p, text)
  return p
}
const ds = (path: string, extra: Record<string, string> = {}) => ({ path, question_field: 'question', answer_field: 'answer', ...extra })
const judge = (reply: string): Judge => ({ model: 'j', available: true, unavailableReason: null, complete: async () => ({ text: reply, promptTokens: 1, completionTokens: 1, costUsd: 0 }) })

describe('custom local-file benchmarks', () => {
  test('an mcq reference may be a letter, a 0-based index or the option text', async () => {
    const p = file('mcq.jsonl', ['{"id":"a","question":"Q1","choices":["x","y","z"],"answer":"b"}', '{"id":"b","question":"Q2","choices":["x","y","z"],"answer":2}', '{"id":"c","question":"Q3","choices":"[\\"x\\",\\"y\\"]","answer":"x"}'].join('\n'))
    const rs = await loadLocalRecords('quiz', { ...ds(p), id_field: 'id', choices_field: 'choices' }, 'mcq', 'custom')
    expect(rs.map((r) => [r.record_id, r.reference])).toEqual([['quiz-a', 'B'], ['quiz-b', 'C'], ['quiz-c', 'A']])
    expect(rs[0].problem).toMatchInlineSnapshot(`
      "Q1
      Options:
      A. x
      B. y
      C. z
      Answer with the letter of the correct option, in the form: The answer is X."
    `)
  })

  test('CSV rows, a prompt template and a system prompt; ids default to a content hash', async () => {
    const p = file('q.csv', 'question,answer,topic\n"What is 2+2?",4,math\n')
    const [r] = await loadLocalRecords('csvq', { ...ds(p), subject_field: 'topic', prompt_template: 'Q: {question}\nA:', system_prompt: 'Be brief.' }, 'exact', 'custom')
    expect(r).toMatchObject({ problem: 'Q: What is 2+2?\nA:', system: 'Be brief.', reference: '4', subject: 'math' })
    expect(r.record_id).toMatch(/^csvq-[0-9a-f]{12}$/)
  })

  test('a mapped column that is not in the file is one clear error', async () => {
    const p = file('cols.jsonl', '{"q":"x","answer":"y"}\n')
    await expect(loadLocalRecords('x', ds(p), 'exact', 'custom')).rejects.toThrowErrorMatchingInlineSnapshot(`[JarvisError: [[benchmarks]] "x" dataset: question_field = "question" is not a column of ${p} (columns: q, answer).]`)
  })

  test('exact: numbers compare mathematically, text is normalised, empty is wrong', async () => {
    const rec = { record_id: 'x', problem: '', reference: '0.5', category: 'c', subject: 's', metadata: {} }
    expect((await scoreExact(rec, 'The answer is 1/2')).isCorrect).toBe(true)
    expect((await scoreExact(rec, 'The answer is 0.25')).isCorrect).toBe(false)
    expect((await scoreExact({ ...rec, reference: 'Paris' }, 'Final answer: paris.')).isCorrect).toBe(true)
    expect(await scoreExact(rec, '  ')).toMatchObject({ isCorrect: false, reason: 'empty_response' })
  })

  test('judge: the correct: line decides; an unreadable reply is unscored with the raw text kept', async () => {
    const rec = { record_id: 'x', problem: 'Who?', reference: 'Ada', category: 'c', subject: 's', metadata: { question: 'Who?' } }
    const ctx = (reply: string) => ({ judge: judge(reply), seed: 42 })
    expect((await scoreJudged(rec, 'Ada Lovelace', ctx('extracted_final_answer: Ada Lovelace\nreasoning: same person\ncorrect: yes'))).isCorrect).toBe(true)
    expect((await scoreJudged(rec, 'Grace', ctx('**correct:** no'))).isCorrect).toBe(false)
    const u = await scoreJudged(rec, 'Grace', ctx('hmm, hard to say'))
    expect(u).toMatchObject({ isCorrect: null, reason: 'judge_unparseable', metadata: { raw_judge_output: 'hmm, hard to say' } })
  })
})
