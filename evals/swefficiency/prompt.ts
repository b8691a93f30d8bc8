// SWE-fficiency prompt: OpenJarvis's role play as the repository's performance engineer, the problem, the
// workload to speed up, the expert's speedup as the target, and the instruction to answer with a diff only.
export interface PerfPromptFields {
  repo: string
  problemStatement: string
  workload: string
  speedup: number
  baseCommit: string
}

export function buildPrompt(f: PerfPromptFields): string {
  return [
    `You are a software performance engineer working on the repository **${f.repo}**.`,
    '',
    '## Problem Statement',
    '',
    f.problemStatement,
    '',
    '## Workload',
    '',
    f.workload || '(not specified)',
    '',
    '## Expected Speedup',
    '',
    `Target speedup: **${f.speedup}x**`,
    '',
    '## Instructions',
    '',
    '- Analyze the performance bottleneck described above.',
    '- Produce an optimized patch (unified diff format) that achieves at least the target speedup.',
    `- The patch must apply cleanly against commit \`${f.baseCommit}\`.`,
    '- Focus on algorithmic improvements, data structure changes, or computation optimizations.',
    '- Return ONLY the patch — no explanation, no markdown fences.',
  ].join('\n')
}
