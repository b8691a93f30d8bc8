// A WebChoreArena task's score: its evaluators (evaluators.ts) multiplied, as WebArena's EvaluatorComb does, on
// the agent's final answer and the sample's browser, still open while scoring. A task is solved when the score is
// 1, as in WebArena (must_include over several strings gives partial scores below it). The fuzzy checks ask the
// judge with WebArena's prompts; a judge that cannot answer leaves the sample unscored, never wrong.
import type { EvalRecord } from '../../src/core/record.ts'
import type { Score, ScoreContext } from '../../src/core/score.ts'
import { isBrowserEnvironment } from '../../src/environments/browser.ts'
import { askJudge, newUsage } from '../../src/scoring/judge/judge-call.ts'
import { htmlUnescape, redditPostUrl, requiredContents, stringMatch, urlMatch } from './evaluators.ts'
import type { ChoreMeta } from './loader.ts'
import { finalAnswer } from './prompt.ts'

interface Target {
  url: string
  locator: string
  required_contents: { exact_match?: string; must_include?: string[] }
  prep_actions?: string[]
  or?: Target[]
}

const FUZZY = (question: string, reference: string, pred: string) =>
  "Help a teacher to grade the answer of a student given a question. Keep in mind that the student has performed the action to get the answer. They are allowed to use different phrasing or wording to answer the question. The goal is to evaluate whether the key points in the reference answer are included in the student's answer. We allow answers with additional information that doesn't contradict the reference answer and review them as fully (not partially) correct.\n" +
  `question: ${question}\nreference answer: ${reference}\nall the string 'N/A' that you see is a special sequence that means 'not achievable'\nstudent answer: ${pred}\nConclude the judgement by correct/incorrect/partially correct and explain why.`
const UA = (task: string, reference: string, pred: string) =>
  `task: ${task}\nactual unachievable reason: ${reference}\nreported unachievable reason: ${pred}\n` +
  "The task described above is inherently unachievable due to the reason specified under 'actual unachievable reason'. An individual previously attempted this task and was unable to complete it. They provided a reason for their failure, which is listed under 'reported unachievable reason'. Your role is to review both the actual and reported reasons. Determine if the reported reason aligns with the actual reason, even if implicitly. If the stated reason is in line with the actual reason, respond with 'same'. Otherwise, respond with 'different'."

export async function scoreChore(record: EvalRecord, reply: string, ctx: ScoreContext): Promise<Score> {
  const m = record.metadata as unknown as ChoreMeta
  const ev = m.eval as { eval_types: string[]; reference_answers?: Record<string, unknown> | null; string_note?: string; program_html?: Target[] }
  const env = ctx.environment
  const answer = finalAnswer(reply)
  const usage = newUsage()
  const meta: Record<string, unknown> = { task_id: m.task_id, sites: m.sites, eval_types: ev.eval_types, answer }
  if (!isBrowserEnvironment(env)) return { isCorrect: null, reason: 'no_browser', metadata: { ...meta, reason: 'no_browser' } }
  const lastUrl = env.page.url()
  meta.last_url = lastUrl
  let judgeFailure: { reason: string; error: string } | null = null
  const ask = async (prompt: string, yes: (r: string) => number | null): Promise<number | null> => {
    const a = await askJudge(ctx, [{ role: 'system', content: 'You are a helpful assistant' }, { role: 'user', content: prompt }], usage, { maxTokens: 768, temperature: 0 })
    if (!a.ok) return (judgeFailure = { reason: a.reason, error: a.error }), null
    const v = yes(a.text.toLowerCase())
    if (v === null) judgeFailure = { reason: 'judge_unparsed', error: a.text.slice(0, 500) }
    return v
  }
  const parts: Record<string, number> = {}
  let score = 1
  for (const type of ev.eval_types) {
    let s: number | null
    if (type === 'string_match')
      s = await stringMatch(ev.reference_answers ?? {}, answer, {
        intent: m.intent,
        stringNote: ev.string_note ?? '',
        fuzzy: (ref, pred, q) => ask(FUZZY(q, ref, pred), (r) => (r.includes('partially correct') || r.includes('incorrect') ? 0 : r.includes('correct') ? 1 : null)),
        ua: (ref, pred, q) => ask(UA(q, ref, pred), (r) => (r.includes('different') ? 0 : r.includes('same') ? 1 : null)),
      })
    else if (type === 'url_match') s = urlMatch(lastUrl, m.eval as Parameters<typeof urlMatch>[1])
    else if (type === 'program_html') s = await programHtml(env.page, ev.program_html ?? [], lastUrl, env.navigationTimeoutMs)
    else return { isCorrect: null, reason: 'unknown_eval_type', metadata: { ...meta, reason: 'unknown_eval_type', eval_type: type } }
    if (s === null) {
      const f = judgeFailure ?? { reason: 'judge_error', error: 'no verdict' }
      return { isCorrect: null, reason: f.reason, metadata: { ...meta, reason: f.reason, judge_error: f.error, judge_usage: usage } }
    }
    parts[type] = s
    score *= s
  }
  return {
    isCorrect: score >= 1,
    score,
    expected: ev.reference_answers ? JSON.stringify(ev.reference_answers) : ev.eval_types.join(' × '),
    extracted: answer,
    ...(score < 1 ? { reason: Object.entries(parts).find(([, s]) => s < 1)?.[0] ?? 'score_below_1' } : {}),
    metadata: { ...meta, scores: parts, ...(usage.calls ? { judge_usage: usage } : {}) },
  }
}

type PageLike = import('playwright-core').Page

/** Python's str() of what the locator returned (upstream wraps page.evaluate in str()). */
const pyStr = (v: unknown): string => (v === null || v === undefined ? 'None' : typeof v === 'boolean' ? (v ? 'True' : 'False') : String(v))

/** HTMLContentEvaluator: each target's page (the last one, a URL, or the reddit post of the last URL), its locator. */
async function programHtml(page: PageLike, targets: Target[], lastUrl: string, timeout: number): Promise<number> {
  let score = 1
  for (const target of targets) {
    const alternatives: number[] = []
    for (const t of [target, ...(target.or ?? [])]) {
      let url = t.url
      if (url.startsWith('func:')) {
        const call = /^func:reddit_get_post_url\('__last_url__'\)$/.exec(url)
        if (!call) throw new Error(`program_html: unsupported url function ${url}`)
        url = redditPostUrl(lastUrl)
      }
      if (url !== 'last') await page.goto(url, { waitUntil: 'load', timeout }).catch(() => {})
      let selected = ''
      const loc = t.locator.trim()
      if (!loc) selected = await page.content()
      else if (loc.startsWith('document.') || loc.startsWith('[...document.')) {
        for (const a of t.prep_actions ?? []) await page.evaluate(`(() => { ${a} })()`).catch(() => {})
        // As upstream: a locator that throws (the element is not there) selects nothing.
        selected = await page.evaluate(`(() => (${loc}))()`).then(pyStr, () => '')
      } else throw new Error(`program_html: unsupported locator ${loc}`)
      alternatives.push(requiredContents(htmlUnescape(selected), t.required_contents))
    }
    score *= Math.max(...alternatives)
  }
  return score
}
