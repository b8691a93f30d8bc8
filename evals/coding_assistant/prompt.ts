// coding_assistant prompt: OpenJarvis's layout (## Bug Report, ## Source Code, ## Test Suite; paraphrased), with
// the module name the tests import spelled out.
import type { CodingAssistantTask } from './loader.ts'

const fence = (code: string) => `\`\`\`python\n${code.trimEnd()}\n\`\`\``

export function buildPrompt(t: Pick<CodingAssistantTask, 'bug_report' | 'buggy_code' | 'test_code'>): string {
  return [
    'You are a coding assistant. Fix the bug(s) in the source code below so that ALL tests pass.',
    'The tests import the source code as the module `solution`.',
    'Return the complete fixed source code inside a ```python code block.',
    '',
    '## Bug Report',
    t.bug_report,
    '',
    '## Source Code',
    fence(t.buggy_code),
    '',
    '## Test Suite',
    fence(t.test_code),
  ].join('\n')
}
