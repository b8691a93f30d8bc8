// SWE-bench prompt: OpenJarvis's role play as the repository's engineer, the issue, the hints when the row has
// any, and the instruction to answer with a unified diff against base_commit only.
export interface SwePromptFields {
  repo: string
  problemStatement: string
  hints: string
  baseCommit: string
}

export function buildPrompt(f: SwePromptFields): string {
  return [
    `You are a software engineer working on the repository **${f.repo}**.`,
    '',
    '## Problem Statement',
    '',
    f.problemStatement,
    '',
    ...(f.hints ? ['## Hints', '', f.hints, ''] : []),
    '## Instructions',
    '',
    '- Analyze the issue described above.',
    '- Produce a patch (unified diff format) that resolves the issue.',
    `- The patch must apply cleanly against commit \`${f.baseCommit}\`.`,
    '- Return ONLY the patch — no explanation, no markdown fences.',
  ].join('\n')
}
