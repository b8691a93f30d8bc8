import type { ChatMessage } from '../core/messages.ts'
import type { Judge } from '../core/judge.ts'
import type { Score } from '../core/score.ts'
// Multiple-choice answers (decisions.md, "Multiple choice"). A strict regex reads an explicit final answer and
// the LAST stated one counts; only when it is unsure does the judge extract the letter. OpenJarvis took the
// first capital letter of the judge's reply ("Answer: B" → A) and called the judge for every sample.

export const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
export const lettersFor = (n: number): string[] => LETTERS.slice(0, Math.max(1, Math.min(n, 26))).split('')

/** `A. option` lines, one per option, as OpenJarvis renders them. */
export const renderOptions = (options: readonly string[]): string => options.map((o, i) => `${LETTERS[i]}. ${o}`).join('\n')

export interface StrictExtraction {
  letter: string | null
  /** A pattern that states a final answer matched. */
  sure: boolean
  pattern: string | null
}

// "answer is C", "Answer: (C)", "final answer: **C**", "correct option is c." — the letter must end the token.
const STATED = /\b(?:final\s+answer|correct\s+answer|correct\s+option|correct\s+choice|answer)\b(?:\s+(?:is|would\s+be|should\s+be))?\s*[:=]?\s*(?:\*\*|__)?\s*[([{]?\s*(?:\\boxed\{\s*)?([A-Za-z])(?![A-Za-z0-9])(?:\s*[)\]}])?(?:\*\*|__)?/gi
const BOXED = /\\boxed\{\s*(?:\\text\{\s*)?([A-Za-z])\s*\}?\s*\}/g
const BOLD = /(?:\*\*|__)\s*\(?([A-Z])\)?[.:]?\s*(?:\*\*|__)/g

/** Reads an explicit final answer; lowercase letters count, an English article does not. */
export function extractStrict(text: string): StrictExtraction {
  const found: { pos: number; letter: string; pattern: string }[] = []
  const scan = (re: RegExp, pattern: string) => {
    for (const m of text.matchAll(re)) {
      const letter = m[1]
      const after = text.slice((m.index ?? 0) + m[0].length)
      // "the answer is a matter of …", "Answer: I think it is B": an article or a pronoun, not an answer.
      if ((letter === 'a' || letter === 'i' || letter === 'I') && /^\s+[a-z]/.test(after)) continue
      found.push({ pos: m.index ?? 0, letter: letter.toUpperCase(), pattern })
    }
  }
  // A stated answer beats a boxed one, which beats bold text: "The answer is B" followed by the options
  // re-listed as "**A.** … **D.** …" is B, not D. Within a kind, the last one counts.
  scan(STATED, 'stated')
  const stated = found.splice(0)
  scan(BOXED, 'boxed')
  const boxed = found.splice(0)
  scan(BOLD, 'bold')
  const bold = found.splice(0)
  const last = (xs: typeof found) => xs.reduce((a, b) => (b.pos >= a.pos ? b : a))
  if (stated.length) return { letter: last(stated).letter, sure: true, pattern: 'stated' }
  if (boxed.length) return { letter: last(boxed).letter, sure: true, pattern: 'boxed' }
  // Bold letters are trusted only when they all agree (a bold option list is not an answer).
  if (bold.length && bold.every((b) => b.letter === bold[0].letter)) return { letter: bold[0].letter, sure: true, pattern: 'bold' }
  const bare = text.trim().replace(/^[*_`\s]+|[*_`\s]+$/g, '')
  // A lone letter: "C", "(C)", "C.", "c"
  const lone = /^\(?([A-Za-z])\)?[.:]?$/.exec(bare)
  if (lone) return { letter: lone[1].toUpperCase(), sure: true, pattern: 'lone' }
  // "C) option text" / "C. option text" as the whole reply (one line)
  const lead = /^\(?([A-Z])[).:]\s+\S/.exec(bare)
  if (lead && !bare.includes('\n')) return { letter: lead[1], sure: true, pattern: 'option-line' }
  return { letter: null, sure: false, pattern: null }
}

export const JUDGE_SYSTEM = (last: string) =>
  `You are an answer-extraction assistant. Extract the final multiple-choice answer the response commits to. Return ONLY a single letter (A-${last}). If the response gives no single final answer, return NONE.`

export const judgeMessages = (problem: string, answer: string, last: string): ChatMessage[] => [
  { role: 'system', content: JUDGE_SYSTEM(last) },
  { role: 'user', content: `Problem: ${problem}\nResponse: ${answer}\n\nExtract the final answer letter:` },
]

// The letter a judge STATES: "The answer is B", "it is B", "I choose B"; else the reply's leading "B." / "(B)";
// else the last standalone letter that is no English article or pronoun ("A careful reading …", "I think …").
// OpenJarvis took the first capital of the reply, so "I think it is B" was I.
const JUDGE_STATED = /\b(?:answer|(?:it|this|that)\s+(?:is|would\s+be)|(?:choose|pick|select)(?:s|ed)?)\b\s*(?:is|would\s+be|should\s+be)?\s*[:=]?\s*(?:option\s+|choice\s+|letter\s+)?\(?([A-Za-z])\)?(?![A-Za-z0-9'])/gi
const JUDGE_LEAD = /^\(?([A-Za-z])\)?(?:[.):]|\s*$|\s*\n)/
/** "A" or "I" before a lowercase word is an article or a pronoun, not a letter. */
const articleOrPronoun = (text: string, at: number, letter: string) => /^[aAiI]$/.test(letter) && /^\s+[a-z]/.test(text.slice(at + 1))

/** The judge's letter; NONE, an empty reply or no valid letter → null. */
export function parseJudgeLetter(reply: string, valid: readonly string[]): string | null {
  // "NONE (the response hedges between A and B)": the judge said there is no answer; the letters are its reasons.
  if (/^\W*NONE\b/i.test(reply.trim())) return null
  const text = reply.replace(/\bNONE\b/gi, ' ').replace(/\*\*|__|`/g, '').trim()
  const inRange = (l: string | undefined) => (l && valid.includes(l.toUpperCase()) ? l.toUpperCase() : null)
  const stated = [...text.matchAll(JUDGE_STATED)].filter((m) => !articleOrPronoun(text, (m.index ?? 0) + m[0].lastIndexOf(m[1]), m[1]) || m[1] === m[1].toUpperCase())
  const said = inRange(stated.at(-1)?.[1])
  if (said) return said
  const lead = inRange(JUDGE_LEAD.exec(text)?.[1])
  if (lead) return lead
  const upper = [...text.matchAll(/(?<![A-Za-z])([A-Z])(?![A-Za-z])/g)]
    .filter((m) => !articleOrPronoun(text, m.index ?? 0, m[1]))
    .map((m) => m[1])
    .filter((l) => valid.includes(l))
  if (upper.length) return upper.at(-1)!
  const short = text.replace(/[^A-Za-z]/g, '')
  if (short.length === 1 && valid.includes(short.toUpperCase())) return short.toUpperCase()
  const paren = [...text.matchAll(/\(([a-z])\)/g)].map((m) => m[1].toUpperCase()).filter((l) => valid.includes(l))
  return paren.at(-1) ?? null
}

export interface McqInput {
  problem: string
  answer: string
  reference: string
  options: readonly string[]
  judge: Judge
  signal?: AbortSignal
}

export async function scoreMcq(i: McqInput): Promise<Score> {
  const valid = lettersFor(i.options.length)
  const base = { reference_letter: i.reference, valid_letters: valid.join('') }
  if (i.answer.trim() === '') return { isCorrect: false, expected: i.reference, extracted: null, reason: 'empty_response', metadata: { ...base, candidate_letter: null } }
  const strict = extractStrict(i.answer)
  if (strict.sure && strict.letter) {
    const inRange = valid.includes(strict.letter)
    return {
      isCorrect: inRange && strict.letter === i.reference,
      expected: i.reference,
      extracted: strict.letter,
      reason: inRange ? undefined : 'letter_out_of_range',
      metadata: { ...base, candidate_letter: strict.letter, extraction: `regex:${strict.pattern}` },
    }
  }
  if (!i.judge.available)
    return { isCorrect: null, expected: i.reference, extracted: null, reason: 'judge_unavailable', metadata: { ...base, candidate_letter: null, judge_error: i.judge.unavailableReason } }
  const usage = { calls: 1, prompt_tokens: 0, completion_tokens: 0, cost_usd: 0 }
  let reply: string
  try {
    const r = await i.judge.complete(judgeMessages(i.problem, i.answer, valid.at(-1)!), { temperature: 0, maxTokens: 16, signal: i.signal })
    reply = r.text
    usage.prompt_tokens = r.promptTokens
    usage.completion_tokens = r.completionTokens
    usage.cost_usd = r.costUsd
  } catch (e) {
    return withJudgeUsage({ isCorrect: null, expected: i.reference, extracted: null, reason: 'judge_error', metadata: { ...base, candidate_letter: null, judge_error: (e as Error).message } }, usage)
  }
  return withJudgeUsage(judgeVerdict(reply, i.reference, valid, base), usage)
}

/** The judge call's usage, after the verdict fields (reason, expected, extracted) as every MCQ line has it. */
function withJudgeUsage(s: Score, usage: Record<string, number>): Score {
  const m: Record<string, unknown> = { ...s.metadata }
  if (s.reason !== undefined) m.reason = s.reason
  if (s.expected !== undefined) m.expected = s.expected
  if (s.extracted !== undefined) m.extracted = s.extracted
  m.judge_usage = usage
  return { ...s, metadata: m }
}

/** Also used by reparse-judge: the verdict from a stored judge reply, no model call. */
export function judgeVerdict(reply: string, reference: string, valid: readonly string[], base: Record<string, unknown>): Score {
  // the judge answered nothing: no verdict on the model (decisions.md: "returned nothing usable" → null)
  if (reply.trim() === '') return { isCorrect: null, expected: reference, extracted: null, reason: 'judge_empty', metadata: { ...base, candidate_letter: null, extraction: 'judge', raw_judge_output: reply } }
  const letter = parseJudgeLetter(reply, valid)
  return {
    isCorrect: letter !== null && letter === reference,
    expected: reference,
    extracted: letter,
    reason: letter === null ? 'no_valid_answer' : undefined,
    metadata: { ...base, candidate_letter: letter, extraction: 'judge', raw_judge_output: reply },
  }
}
