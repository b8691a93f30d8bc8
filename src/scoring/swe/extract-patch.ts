// The unified diff in a model's reply, as OpenJarvis's SWE-bench harness scorer reads it: a ```diff / ```patch
// fence, else a bare ``` fence holding `diff --git`, else everything from the first `diff --git`; we also take
// a plain `--- a/… +++ b/…` diff without the git header, and skip <think> sections. Always ends in a newline
// (git apply refuses a patch whose last line has none).
const FENCES = [/```(?:diff|patch)[ \t]*\n([\s\S]*?)```/, /```[ \t]*\n(diff --git [\s\S]*?)```/]
const DIFF_MARKERS = /^(---\s|\+\+\+\s|@@\s|diff\s+--git\s)/m

export const hasDiffMarkers = (text: string): boolean => DIFF_MARKERS.test(text)

export function extractPatch(answer: string): string | null {
  const text = answer.replace(/<think>[\s\S]*?<\/think>/g, '')
  for (const re of FENCES) {
    const m = re.exec(text)
    if (m) return `${m[1].trim()}\n`
  }
  const git = text.indexOf('diff --git')
  if (git >= 0) return `${text.slice(git).trim()}\n`
  const plain = /^--- \S.*\n\+\+\+ \S.*\n@@ /m.exec(text)
  if (plain) return `${text.slice(plain.index).trim()}\n`
  return null
}
