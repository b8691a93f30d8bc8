import { modelSlug } from '../config/slug.ts'
import type { RunData } from './run-data.ts'

/**
 * What tells each run's file apart from the others': the path without the folders all share and, when every
 * file has the same name (main/x.jsonl vs pr/x.jsonl), without the name. "" for a single run.
 */
export function fileTags(paths: string[]): string[] {
  if (paths.length < 2) return paths.map(() => '')
  const parts = paths.map((p) => p.replace(/\.summary\.json$/, '').replace(/\.jsonl$/, '').split(/[\\/]+/).filter(Boolean))
  let lead = 0
  while (parts.every((p) => p.length > lead + 1 && p[lead] === parts[0][lead])) lead++
  let tags = parts.map((p) => p.slice(lead))
  if (tags.every((t) => t.length > 1 && t[t.length - 1] === tags[0][tags[0].length - 1])) tags = tags.map((t) => t.slice(0, -1))
  const joined = tags.map((t) => t.join('/'))
  // The same file given twice: number them.
  return joined.map((t, i) => (joined.filter((x) => x === t).length > 1 ? `${t} #${i + 1}` : t))
}

/**
 * "benchmark · model · file tag". The tag is what the file's path says beyond the run's own default name
 * ({benchmark}_{model-slug}.jsonl): main/x.jsonl vs pr/x.jsonl → "main", "pr"; nothing for files named the
 * default way, unless two runs would otherwise read the same. Two runs of one model always stay apart.
 */
export function runLabels(runs: RunData[]): string[] {
  const tags = fileTags(runs.map((r) => r.paths.input))
  const base = runs.map((r) => `${r.summary.benchmark || '?'} · ${r.summary.model || '?'}`)
  return runs.map((r, i) => {
    const own = `${r.summary.benchmark}_${modelSlug(r.summary.model)}`
    const short = tags[i] === own ? '' : tags[i].endsWith(`/${own}`) ? tags[i].slice(0, -own.length - 1) : tags[i]
    const tag = short || (base.filter((b) => b === base[i]).length > 1 ? tags[i] : '')
    return tag ? `${base[i]} · ${tag}` : base[i]
  })
}
