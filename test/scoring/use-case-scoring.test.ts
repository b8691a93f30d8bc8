// The shared pieces of the use-case scorers: phrase matching, rubric replies, the checklist blend, bundled rows.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { readBundledRows } from '../../src/datasets/bundled-rows.ts'
import { checklistRules, scoreBlend } from '../../src/scoring/judge/checklist-blend.ts'
import { parseRubric, type RubricField } from '../../src/scoring/judge/rubric.ts'
import { containsEveryPhrase, normalizeForMatch, phraseCoverage, phraseFound, splitKeyPhrases } from '../../src/scoring/phrases.ts'
import { scoreCtx, scriptedJudge } from '../support/fixtures-wave1.ts'

describe('phrases', () => {
  test('normalising drops punctuation and symbols, lowercases, collapses spaces', () => {
    expect(normalizeForMatch('  The **Hybrid**   backend — uses RRF (v2.9)!  ')).toBe('the hybrid backend uses rrf v29')
  })

  test('a phrase is found when 60% of its words occur in the answer (as substrings, like OpenJarvis)', () => {
    expect(phraseFound('board deck due Thursday', 'The board deck is due on thursday')).toBe(true)
    expect(phraseFound('board deck due Thursday', 'the deck for the board')).toBe(false) // 2 of 4
    expect(phraseCoverage(['alpha beta', 'gamma delta'], 'alpha beta only')).toEqual({ found: ['alpha beta'], missing: ['gamma delta'], share: 0.5 })
    expect(phraseCoverage([], 'anything').share).toBe(1)
  })

  test('key phrases split on [.,;] BEFORE normalising; a dot or comma inside a token does not split it', () => {
    expect(splitKeyPhrases('Skills: 20 bundled, verified by Ed25519. See ~/.jarvis/vault.enc; v2.9 has 1,024 slots.')).toEqual(['skills 20 bundled', 'verified by ed25519', 'see jarvisvaultenc', 'v29 has 1024 slots'])
  })

  test('every phrase must appear as whole words: 20 is not found in 120', () => {
    expect(containsEveryPhrase('There are 20 bundled skills.', 'there are 120 bundled skills').ok).toBe(false)
    expect(containsEveryPhrase('There are 20 bundled skills.', 'Yes - there are 20 bundled skills.').ok).toBe(true)
    expect(containsEveryPhrase('...', 'anything').ok).toBe(false) // a reference with no phrase proves nothing
  })
})

describe('rubric replies', () => {
  const FIELDS: RubricField[] = [
    { name: 'completeness', kind: 'rating' },
    { name: 'key_priorities_covered', kind: 'choice', choices: ['yes', 'partial', 'no'] },
    { name: 'overall_correct', kind: 'yesno' },
    { name: 'reasoning', kind: 'text' },
  ]

  test('named fields with markdown, ratings as "4/5", choice inflections; the last readable line wins', () => {
    const text = '**Completeness:** 4/5\n- key priorities covered: Partially\nreasoning: ok\noverall_correct: no\n\nOn reflection:\noverall_correct: **yes**'
    expect(parseRubric(text, FIELDS)).toEqual({ completeness: 4, key_priorities_covered: 'partial', overall_correct: true, reasoning: 'ok' })
  })

  test('an echoed template, an out-of-range rating or a word that only starts like a choice is no value', () => {
    expect(parseRubric('completeness: <1-5>\nkey_priorities_covered: none\noverall_correct: <yes or no>', FIELDS)).toEqual({ completeness: null, key_priorities_covered: null, overall_correct: null, reasoning: null })
    expect(parseRubric('completeness: 7', FIELDS).completeness).toBeNull()
  })
})

describe('checklist blend', () => {
  const rules = checklistRules((c) => ({ score: 0.5 * c.part + 0.5 * c.checklist, isCorrect: c.part === 1 && c.checklist >= 0.5 }))
  const input = { context: 'task', response: 'answer', items: ['one', 'two'], deterministic: { part: 1 }, heuristic: () => ({ checklist: 0.5 }), metadata: { extra: true } }

  test('items the judge skipped count as not covered; the prompt numbers the items', async () => {
    const judge = scriptedJudge(['1. yes — fine'])
    const s = await scoreBlend(scoreCtx(judge), rules, input)
    expect(s).toMatchObject({ isCorrect: true, score: 0.75, metadata: { extra: true, components: { part: 1, checklist: 0.5 }, missing_items: [2], checklist_items: ['one', 'two'] } })
    expect(judge.calls[0][1].content).toContain('Criteria:\n1. one\n2. two')
  })

  test('no judge → the heuristic, marked; a judge error → unscored (OpenJarvis scored every item 0)', async () => {
    const h = await scoreBlend(scoreCtx(scriptedJudge([], { available: false })), rules, input)
    expect(h).toMatchObject({ isCorrect: true, metadata: { judge: 'heuristic', judge_unavailable: 'no judge configured ([judge] model is empty)', components: { checklist: 0.5 } } })
    expect(await scoreBlend(scoreCtx(scriptedJudge([new Error('HTTP 503')])), rules, input)).toMatchObject({ isCorrect: null, reason: 'judge_error', metadata: { components: { part: 1 } } })
  })
})

describe('readBundledRows', () => {
  test('a row that breaks the schema fails the load with the file, row, id and field', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bundled-'))
    const file = join(dir, 'rows.jsonl')
    writeFileSync(file, '{"id": "a", "n": 1}\n\n{"id": "b", "n": "two"}\n')
    const schema = z.strictObject({ id: z.string(), n: z.number() })
    await expect(readBundledRows(file, schema)).rejects.toThrow(`${file}: row 2 (id b): n: Invalid input: expected number, received string. Fix the row so it matches the benchmark's schema.`)
    writeFileSync(file, '{"id": "a", "n": 1}\n')
    expect(await readBundledRows(file, schema)).toEqual([{ id: 'a', n: 1 }])
  })
})
