import { describe, expect, test } from 'vitest'
import { parseChecklist, parseCorrectVerdict, parsePairwiseVerdict } from '../../src/scoring/judge/verdict.ts'

describe('parseCorrectVerdict: the correct: line', () => {
  const cases: [string, boolean | null][] = [
    ['extracted_final_answer: 5\nreasoning: matches\ncorrect: yes', true],
    ['extracted_final_answer: 4\nreasoning: off by one\ncorrect: no', false],
    ['**correct:** no', false],
    ['**Correct:** Yes', true],
    ['Correct: Yes.', true],
    ['CORRECT: NO', false],
    ['- correct: yes', true],
    ['* **correct**: no', false],
    ['> correct: yes', true],
    ['### correct: no', false],
    ['correct: **yes**', true],
    ['correct: `no`', false],
    ['correct = yes', true],
    ['correct：yes', true],
    ['```\nextracted_final_answer: 7\nreasoning: same\ncorrect: yes\n```', true],
    ['{"extracted_final_answer": "7", "reasoning": "same", "correct": "no"}', false],
    ['{\n  "extracted_final_answer": "7",\n  "correct": "yes"\n}', true],
    ['"correct": true,', true],
    ['correct: no — the prediction says 12, the reference 13', false],
    ['correct: yes (the values match)', true],
    // the LAST verdict line counts, an echoed template counts for nothing
    ['correct: yes\nWait, I misread the units.\ncorrect: no', false],
    ['Format: correct: <yes or no>\nreasoning: fine\ncorrect: yes', true],
    ['correct: yes or no\ncorrect: no', false],
    ['correct: yes/no', null],
    ['correct: N/A', null],
    ['is_correct: true', true],
    ['Correct: n', false],
  ]
  test.each(cases)('%j → %s', (text, verdict) => {
    expect(parseCorrectVerdict(text).verdict).toBe(verdict)
  })

  test('reads the extracted answer and the reasoning, even over several lines', () => {
    const v = parseCorrectVerdict('extracted_final_answer: **\\frac{1}{2}**\nreasoning: The prediction equals 0.5,\nwhich is the reference.\ncorrect: yes')
    expect(v).toEqual({ verdict: true, extractedAnswer: '\\frac{1}{2}', reasoning: 'The prediction equals 0.5,\nwhich is the reference.', via: 'correct_line' })
  })
})

describe('parseCorrectVerdict: fallbacks never invert a verdict', () => {
  const cases: [string, boolean | null][] = [
    ['Verdict: INCORRECT', false],
    ['Final verdict: correct', true],
    ['Grade: not correct', false],
    ['Judgement - yes', true],
    ['The predicted answer is correct.', true],
    ['The predicted answer is INCORRECT.', false],
    ['The prediction is NOT CORRECT.', false],
    ['This is not true.', false],
    ['TRUE', true],
    ['FALSE', false],
    ['The statement is true.', true],
    ["The prediction isn't correct.", false],
    ['The prediction is not really correct.', false],
    ['The prediction is wrong; the correct answer is 13.', false],
    ['Partially correct: it names the city but not the year.', null],
    ['Mostly correct.', null],
    ['The answer is not entirely correct.', null],
    ['It is not incorrect to say so.', null],
    ['The first part is correct but the second is incorrect.', null],
    ['I cannot tell.', null],
    ['', null],
    ['The correct answer is 13.', null],
  ]
  test.each(cases)('%j → %s', (text, verdict) => {
    expect(parseCorrectVerdict(text).verdict).toBe(verdict)
  })

  test('says how it read the verdict', () => {
    expect(parseCorrectVerdict('correct: yes').via).toBe('correct_line')
    expect(parseCorrectVerdict('Verdict: INCORRECT').via).toBe('verdict_line')
    expect(parseCorrectVerdict('TRUE').via).toBe('tokens')
    expect(parseCorrectVerdict('hmm').via).toBeUndefined()
  })
})

describe('parsePairwiseVerdict', () => {
  const cases: [string, string | null][] = [
    ['My final verdict is [[A>B]].', 'A>B'],
    ['[[A>>B]]', 'A>>B'],
    ['[[B>>A]]', 'B>>A'],
    ['Tie: [[A=B]]', 'A=B'],
    ['[[ B > A ]]', 'B>A'],
    ['**[[A>B]]**', 'A>B'],
    ['[[**B>A**]]', 'B>A'],
    ['[[A<B]]', 'B>A'],
    ['[[B<<A]]', 'A>>B'],
    ['```json\n{"query_type": "Objective / technical", "explanation": "A fixes the bug", "verdict": "[[A>>B]]"}\n```', 'A>>B'],
    // an echo of the instructions comes first; the verdict is the last token
    ['Choose one of [[A>>B]], [[A>B]], [[A=B]], [[B>A]], [[B>>A]].\nA is wrong, B is right.\nVerdict: [[B>A]]', 'B>A'],
    ['Initially I leaned [[A>B]], but on reflection [[B>A]]', 'B>A'],
    ['Choose one of [[A>>B]], [[A>B]], [[A=B]], [[B>A]], [[B>>A]].', null],
    ['{"explanation": "A is better, so [[A>B]] rather than [[A>>B]] or [[A=B]]", "verdict": "[[A>B]]"}', 'A>B'],
    ['Verdict options:\n[[A>>B]] A much better\n[[A>B]] A better\n[[A=B]] tie\n[[B>A]] B better\n[[B>>A]] B much better\n\nA is clearly better: [[A>>B]]', 'A>>B'],
    ['"verdict": "[[B > A]]"\nThe tokens [[A>>B]] and [[A>B]] did not apply.', 'B>A'],
    ['A is better.', null],
    ['[[A>A]]', null],
    ['[A>B]', null],
    ['', null],
  ]
  test.each(cases)('%j → %s', (text, token) => {
    expect(parsePairwiseVerdict(text)).toBe(token)
  })
})

describe('parseChecklist', () => {
  test('reads numbered yes/no lines with reasons, in markdown too', () => {
    const p = parseChecklist('1. yes — names the three vendors\n**2.** No - misses the 2024 price\n- 3: YES: cites sources', 3)
    expect(p.format).toBe('lines')
    expect(p.items).toEqual([
      { index: 1, covered: true, reason: 'names the three vendors' },
      { index: 2, covered: false, reason: 'misses the 2024 price' },
      { index: 3, covered: true, reason: 'cites sources' },
    ])
  })

  test('a missing item is null, an out-of-range one is ignored', () => {
    const p = parseChecklist('1. yes\n3. no\n7. yes', 3)
    expect(p.items.map((i) => i.covered)).toEqual([true, null, false])
  })

  test('an echoed checklist line without a verdict is not a verdict', () => {
    const p = parseChecklist('1. Mentions the GDP figure\n2. Cites a source\n\n1. no — no figure\n2. yes — cites the IMF', 2)
    expect(p.items.map((i) => i.covered)).toEqual([false, true])
  })

  test('reads fenced JSON with booleans', () => {
    const p = parseChecklist('```json\n{"judgments": [{"index": 1, "covered": true, "reason": "ok"}, {"index": 2, "covered": false, "reason": "absent"}]}\n```', 2)
    expect(p.format).toBe('json')
    expect(p.items).toEqual([
      { index: 1, covered: true, reason: 'ok' },
      { index: 2, covered: false, reason: 'absent' },
    ])
  })

  test('reads bare JSON with string verdicts and string indexes', () => {
    const p = parseChecklist('Here you go: {"judgments": [{"index": "1", "covered": "yes"}, {"index": "2", "covered": "Covered"}, {"index": 3, "covered": "no"}, {"index": 4, "covered": "true"}]} Done.', 4)
    expect(p.items.map((i) => i.covered)).toEqual([true, true, false, true])
  })

  test('takes the last JSON candidate: an echoed example comes first', () => {
    const echoed = 'The format is {"judgments": [{"index": 1, "covered": true, "reason": "brief justification"}]}.\n'
    const p = parseChecklist(`${echoed}{"judgments": [{"index": 1, "covered": false, "reason": "not there"}]}`, 1)
    expect(p.items[0]).toEqual({ index: 1, covered: false, reason: 'not there' })
  })

  test('reads an "items" key, a top-level array, and braces inside reasons', () => {
    expect(parseChecklist('{"items": [{"index": 1, "covered": 1}]}', 1).items[0].covered).toBe(true)
    expect(parseChecklist('```json\n[{"index": 1, "covered": "no", "reason": "uses {x} wrongly"}]\n```', 1).items[0]).toEqual({ index: 1, covered: false, reason: 'uses {x} wrongly' })
  })

  test('nothing usable → format none, every item null', () => {
    const p = parseChecklist('I could not evaluate this report.', 2)
    expect(p.format).toBe('none')
    expect(p.items.map((i) => i.covered)).toEqual([null, null])
  })
})
