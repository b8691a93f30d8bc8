// The tiny model's SentencePiece ("llama") vocabulary: 677 tokens, built in a fixed order (the order is part of
// the file's bytes, so keep it as infer-lab Appendix A wrote it).

/** The 46 distinct words the tiny model recites, in order. A bigram table cannot repeat a token, or it loops. */
export const TINY_STORY_WORDS: readonly string[] = (
  'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen ' +
  'seventeen eighteen nineteen twenty alpha bravo charlie delta echo foxtrot golf hotel india juliett kilo lima ' +
  'mike november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu'
).split(' ')

const EXTRA_WORDS = ['user', 'assistant', 'system', 'hello', 'Hello', 'the', 'The', 'count', 'Count', 'please', 'what', 'is', 'a', 'test']
const CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,!?;:\'"-()[]{}<>/\\|@#$%^&*_+=~`'
/** U+2581, SentencePiece's leading-space marker. */
export const SP = '\u2581'

/** token_type values: 1 normal, 2 unknown, 3 control, 6 byte. */
export interface TinyVocab {
  tokens: string[]
  scores: number[]
  types: number[]
  idOf(token: string): number
  imEnd: number
  /** Token ids of TINY_STORY_WORDS (each with its leading ▁). */
  story: number[]
}

export function buildTinyVocab(): TinyVocab {
  const tokens: string[] = []
  const scores: number[] = []
  const types: number[] = []
  const index = new Map<string, number>()
  const add = (t: string, score: number, type: number): number => {
    const known = index.get(t)
    if (known !== undefined) return known
    index.set(t, tokens.length)
    tokens.push(t)
    scores.push(score)
    types.push(type)
    return tokens.length - 1
  }
  add('<unk>', 0, 2)
  add('<s>', 0, 3)
  add('</s>', 0, 3)
  // Byte-fallback tokens make any UTF-8 text round-trip.
  for (let b = 0; b < 256; b++) add(`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`, 0, 6)
  add('<|im_start|>', 0, 3)
  const imEnd = add('<|im_end|>', 0, 3)
  add(SP, -1, 1)
  for (const c of CHARS) add(c, -2, 1)
  for (const c of CHARS) add(SP + c, -1.5, 1)
  // SPM merges two neighbouring pieces only when the joined piece is a token, so every prefix of "▁one" must be one.
  for (const w of new Set([...TINY_STORY_WORDS, ...EXTRA_WORDS])) {
    for (let n = 2; n <= w.length; n++) add(SP + w.slice(0, n), -1.5 + 0.1 * n, 1)
  }
  const idOf = (t: string): number => {
    const i = index.get(t)
    if (i === undefined) throw new Error(`no token ${t}`)
    return i
  }
  return { tokens, scores, types, idOf, imEnd, story: TINY_STORY_WORDS.map((w) => idOf(SP + w)) }
}
