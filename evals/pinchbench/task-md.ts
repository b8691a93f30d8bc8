// A PinchBench task file (tasks/task_*.md, TASK_TEMPLATE.md): YAML frontmatter between the first two `---`
// lines, then `## ` sections — Prompt, Expected Behavior, Grading Criteria (a `- [ ]` checklist), Automated
// Checks (a ```python fence defining grade(transcript, workspace_path) -> {criterion: 0..1}), LLM Judge Rubric.
// Parsed as upstream's lib_tasks.TaskLoader does.
import { parse as parseYaml } from 'yaml'

export interface WorkspaceFile {
  /** Inline file: its path in the workspace and its text. */
  path?: string
  content?: string
  /** A file of the repo's assets/ copied to `dest`. */
  source?: string
  dest?: string
}

export interface Session {
  id: string
  prompt: string
  new_session?: boolean
}

export interface PinchTask {
  id: string
  name: string
  category: string
  gradingType: 'automated' | 'llm_judge' | 'hybrid'
  timeoutSeconds: number
  workspaceFiles: WorkspaceFile[]
  gradingWeights: { automated: number; llm_judge: number } | null
  multiSession: boolean
  sessions: Session[]
  prompt: string
  expectedBehavior: string
  gradingCriteria: string[]
  /** The Python source of grade(), from the first ```python fence of Automated Checks. */
  gradeCode: string | null
  rubric: string | null
}

export function sections(body: string): Map<string, string> {
  const out = new Map<string, string>()
  let current: string | null = null
  let lines: string[] = []
  for (const line of body.split('\n')) {
    const h = /^##\s+(.+)$/.exec(line)
    if (h) {
      if (current) out.set(current, lines.join('\n').trim())
      current = h[1].trim()
      lines = []
    } else if (current) lines.push(line)
  }
  if (current) out.set(current, lines.join('\n').trim())
  return out
}

const GRADING = new Set(['automated', 'llm_judge', 'hybrid'])

/** Throws with the reason when the file is not a task (no frontmatter, bad YAML, no id). */
export function parseTaskMarkdown(text: string, file: string): PinchTask {
  const m = /^---\s*\n([\s\S]*?)\n---\s*\n([\s\S]*)$/.exec(text.replace(/\r\n/g, '\n'))
  if (!m) throw new Error(`${file}: no YAML frontmatter`)
  const meta = (parseYaml(m[1]) ?? {}) as Record<string, unknown>
  const s = sections(m[2])
  const id = String(meta.id ?? '').trim()
  if (!id) throw new Error(`${file}: the frontmatter has no id`)
  const grading = String(meta.grading_type ?? 'automated')
  if (!GRADING.has(grading)) throw new Error(`${file}: grading_type "${grading}" is not automated, llm_judge or hybrid`)
  const checks = s.get('Automated Checks')
  const code = checks ? (/```python\s*([\s\S]*?)\s*```/.exec(checks)?.[1] ?? null) : null
  const w = meta.grading_weights as Record<string, unknown> | undefined
  const criteria = (s.get('Grading Criteria') ?? '').split('\n').map((l) => /^-\s+\[[ x]\]\s+(.+)$/.exec(l.trim())?.[1]).filter((x): x is string => !!x)
  return {
    id,
    name: String(meta.name ?? id),
    category: String(meta.category ?? ''),
    gradingType: grading as PinchTask['gradingType'],
    timeoutSeconds: Number(meta.timeout_seconds) || 120,
    workspaceFiles: Array.isArray(meta.workspace_files) ? (meta.workspace_files as WorkspaceFile[]) : [],
    gradingWeights: w ? { automated: Number(w.automated ?? 0.5), llm_judge: Number(w.llm_judge ?? 0.5) } : null,
    multiSession: meta.multi_session === true,
    sessions: Array.isArray(meta.sessions) ? (meta.sessions as Session[]) : [],
    prompt: s.get('Prompt') ?? '',
    expectedBehavior: s.get('Expected Behavior') ?? '',
    gradingCriteria: criteria,
    gradeCode: code,
    rubric: s.get('LLM Judge Rubric') ?? null,
  }
}
