// DeepResearchBench prompts as OpenJarvis asks them: the research request, and a 4-dimension rubric judge
// (comprehensiveness, insight, instruction_following, readability, 0–10 each) given the task's own weighted
// criteria when the dataset has them, else a generic rubric; it answers in JSON.
import type { Criterion } from './loader.ts'

export const DIMENSIONS = ['comprehensiveness', 'insight', 'instruction_following', 'readability'] as const
export type Dimension = (typeof DIMENSIONS)[number]
export const DEFAULT_WEIGHTS: Record<Dimension, number> = { comprehensiveness: 0.25, insight: 0.3, instruction_following: 0.25, readability: 0.2 }

export const buildPrompt = (task: string): string =>
  `You are a deep research assistant. Conduct thorough research on the following topic and produce a comprehensive, well-structured research report with citations and analysis.\n\n## Research Task\n\n${task}`

export const GENERIC_RUBRIC = `Evaluate the research report across these four dimensions on a 0-10 scale:

1. **Comprehensiveness** (information coverage, depth, data support, balanced perspectives):
   - 0-3: Minimal coverage, misses major aspects of the topic
   - 4-6: Covers main points but lacks depth or misses important subtopics
   - 7-8: Thorough coverage with good depth and supporting evidence
   - 9-10: Exceptional coverage, addresses all facets with rich detail

2. **Insight** (analysis depth, critical thinking, original perspectives, forward-thinking):
   - 0-3: Surface-level description only, no analysis
   - 4-6: Some analysis but mostly descriptive, limited original thinking
   - 7-8: Strong analytical depth with meaningful insights and reasoning
   - 9-10: Exceptional analysis with novel perspectives and deep understanding

3. **Instruction Following** (task adherence, scope compliance, requirement completeness):
   - 0-3: Fails to address the core research question
   - 4-6: Partially addresses the question but misses key requirements
   - 7-8: Addresses all major requirements with minor omissions
   - 9-10: Fully addresses every aspect of the research task

4. **Readability** (structure, language fluency, technical terminology, presentation):
   - 0-3: Poorly organized, difficult to follow
   - 4-6: Reasonable structure but could be clearer
   - 7-8: Well-structured with clear writing and good flow
   - 9-10: Exceptionally clear, professional structure and presentation`

const title = (d: string) => d.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase())

/** The task's criteria per dimension: "  1. [15%] criterion" and its explanation. */
export function criteriaRubric(criterions: Record<string, Criterion[]>): string {
  const parts: string[] = []
  for (const d of DIMENSIONS) {
    const list = criterions[d] ?? []
    if (!list.length) continue
    parts.push(`\n### ${title(d)}`)
    list.forEach((c, i) => parts.push(`  ${i + 1}. [${Math.round((c.weight ?? 0) * 100)}%] ${c.criterion}${c.explanation ? `\n     ${c.explanation}` : ''}`))
  }
  return parts.join('\n')
}

export function judgePrompt(p: { task: string; report: string; rubric: string }): string {
  return `You are an expert evaluator assessing the quality of an AI-generated research report.

## Original Research Task
${p.task}

## Research Report to Evaluate
${p.report}

## Evaluation Rubric
${p.rubric}

## Instructions
Evaluate the research report against the rubric criteria across four dimensions:
comprehensiveness, insight, instruction_following, and readability.

Score each dimension on a 0-10 scale.

Return your evaluation as JSON with this exact structure:
\`\`\`json
{
  "scores": {
    "comprehensiveness": <score 0-10>,
    "insight": <score 0-10>,
    "instruction_following": <score 0-10>,
    "readability": <score 0-10>
  },
  "weighted_total": <weighted score 0-10>,
  "notes": "brief justification for each dimension score"
}
\`\`\`

Be a rigorous evaluator. Reserve scores of 9-10 for genuinely excellent work.
A score of 5 represents adequate but unremarkable quality.`
}
