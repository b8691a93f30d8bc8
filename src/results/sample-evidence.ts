// What a scored line says about its verdict, wherever its scorer put it: the reference, what was read from the
// answer, the judge's raw reply. Scorers store these under different keys (decisions.md: judge text is kept raw).

const REFERENCE_KEYS = ['reference_letter', 'expected', 'reference', 'reference_answer', 'gold', 'target']
const EXTRACTED_KEYS = ['candidate_letter', 'extracted', 'extracted_answer', 'parsed_answer', 'prediction']
const JUDGE_KEYS = ['raw_judge_output', 'judge_text', 'judge_output', 'explanation']

function pick(meta: Record<string, unknown>, keys: string[]): string | null {
  for (const k of keys) {
    const v = meta[k]
    if (v === undefined || v === null || v === '') continue
    return typeof v === 'string' ? v : JSON.stringify(v)
  }
  return null
}

export interface Evidence {
  reference: string | null
  extracted: string | null
  judge: string | null
}

export function evidenceOf(meta: Record<string, unknown> | null | undefined): Evidence {
  const m = meta ?? {}
  return { reference: pick(m, REFERENCE_KEYS), extracted: pick(m, EXTRACTED_KEYS), judge: pick(m, JUDGE_KEYS) }
}

/** `text` within `max` characters, keeping its start and its end (a prompt's question and a model's final answer are at the end). */
export function clipMiddle(text: string, max: number): string {
  if (text.length <= max) return text
  const head = Math.ceil(max / 2)
  const tail = max - head
  return `${text.slice(0, head)}\n… (${text.length - max} characters left out) …\n${text.slice(text.length - tail)}`
}
