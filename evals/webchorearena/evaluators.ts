// WebArena's evaluators as WebChoreArena ships them (AgentOccam/evaluation_harness/evaluators.py): the answer
// (exact_match, must_include with " |OR| ", fuzzy_match through the judge), the URL the browser ended on
// ("GOLD in PRED"), and page contents read by JavaScript locators (program_html). Pure parts here; the judge and
// the page come in from the scorer.

/** StringEvaluator.clean_answer: trimmed, one pair of outer quotes dropped, lower case. */
export function cleanAnswer(s: string): string {
  let a = s.trim()
  if ((a.startsWith("'") && a.endsWith("'")) || (a.startsWith('"') && a.endsWith('"'))) a = a.slice(1, -1)
  return a.toLowerCase()
}

export const exactMatch = (ref: string, pred: string): number => Number(cleanAnswer(pred) === cleanAnswer(ref))

/** nltk's word_tokenize, near enough for the one-character references it guards (a "0" must be a token). */
const wordTokens = (s: string): string[] => s.match(/\w+(?:[.,]\w+)*|[^\w\s]/g) ?? []

export function mustInclude(ref: string, pred: string, tokenize = false): number {
  const r = cleanAnswer(ref)
  const p = cleanAnswer(pred)
  const one = (x: string) => (tokenize && x.length === 1 && wordTokens(x).length === 1 ? wordTokens(p).includes(x) : p.includes(x))
  if (r.includes(' |or| ')) return Number(r.split(' |or| ').map((x) => x.trim()).some(one))
  return Number(one(r))
}

/** The approaches of `reference_answers`, multiplied; fuzzy ones are asked of `judge` (null: unscored). */
export async function stringMatch(
  refs: Record<string, unknown>,
  pred: string,
  o: { intent: string; stringNote: string; fuzzy(ref: string, pred: string, intent: string): Promise<number | null>; ua(ref: string, pred: string, intent: string): Promise<number | null> },
): Promise<number | null> {
  const answer = cleanAnswer(pred)
  let score = 1
  for (const [approach, value] of Object.entries(refs)) {
    if (approach === 'exact_match') score *= exactMatch(String(value), answer)
    else if (approach === 'must_include') {
      const list = (Array.isArray(value) ? value : [value]).map(String)
      score *= list.reduce((s, v) => s + mustInclude(v, answer, list.length === 1), 0) / list.length
    } else if (approach === 'fuzzy_match') {
      if (value === 'N/A') {
        // "N/A" exactly, or the judge agrees the reported reason is the task's unachievable reason.
        score *= exactMatch('N/A', answer)
        if (score !== 1) {
          const ua = await o.ua(o.stringNote, answer, o.intent)
          if (ua === null) return null
          score = ua
        }
      } else {
        const f = await o.fuzzy(Array.isArray(value) ? value.join('; ') : String(value), answer, o.intent)
        if (f === null) return null
        score *= f
      }
    }
  }
  return score
}

const cleanUrl = (u: string) => u.replace(/\/+$/, '').toLowerCase()

/** Python's urlparse + parse_qs, as the URL evaluator uses them: netloc + path, and each query key's values. */
function parseUrl(u: string): { base: string; query: Map<string, string[]> } {
  let url: URL
  try {
    url = new URL(u)
  } catch {
    return { base: u, query: new Map() }
  }
  const query = new Map<string, string[]>()
  for (const [k, v] of url.searchParams) if (v !== '') query.set(k, [...(query.get(k) ?? []), v])
  return { base: url.host + url.pathname, query }
}

/** URLEvaluator, rule "GOLD in PRED": some reference's netloc+path is the page's, and its query values are there. */
export function urlMatch(pageUrl: string, ev: { reference_url?: string; url_note?: string; or?: { reference_url: string }[] }): number {
  const rule = ev.url_note ?? 'GOLD in PRED'
  if (rule !== 'GOLD in PRED') throw new Error(`Unknown matching rule: ${rule}`)
  const pred = parseUrl(cleanUrl(pageUrl))
  const alternatives = [ev.reference_url ?? '', ...(ev.or ?? []).map((x) => x.reference_url)]
  return Math.max(
    ...alternatives.map((alt) => {
      const refs = alt.split(' |OR| ').map((u) => parseUrl(cleanUrl(u)))
      const base = Number(refs.some((r) => r.base === pred.base))
      const wanted = new Map<string, Set<string>>()
      for (const r of refs) for (const [k, vs] of r.query) vs.forEach((v) => wanted.set(k, (wanted.get(k) ?? new Set()).add(v)))
      let q = 1
      for (const [k, vs] of wanted) q *= Number([...vs].some((v) => (pred.query.get(k) ?? []).includes(v)))
      return base * q
    }),
  )
}

/** What a program_html target requires of the text its locator selected. */
export function requiredContents(selected: string, required: { exact_match?: string; must_include?: string[] }): number {
  if (required.exact_match !== undefined) return exactMatch(required.exact_match, selected)
  if (required.must_include) {
    const scores = required.must_include.map((c) => Number(c.split(' |OR| ').some((alt) => mustInclude(alt, selected, false))))
    return scores.reduce((a, b) => a + b, 0) / scores.length
  }
  throw new Error(`Unknown required_contents: ${Object.keys(required).join(', ')}`)
}

/** helper_functions.reddit_get_post_url: a post's or comment's URL cut to the post. */
export function redditPostUrl(u: string): string {
  let url: URL
  try {
    url = new URL(u)
  } catch {
    return u
  }
  const parts = url.pathname.split('/')
  if (parts.length < 4 || parts[1] !== 'f') return u
  return `${url.protocol}//${url.host}/f/${parts[2]}/${parts[3]}/`
}

/** Python's html.unescape for the entities pages use. */
export function htmlUnescape(s: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', '#39': "'" }
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (m, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1].toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : (named[e.toLowerCase()] ?? m),
  )
}
