// LogHub prompts, paraphrasing OpenJarvis's (openjarvis-evals.md §2.4): an expert preamble that asks for one of
// two labels first, then the session (HDFS: a block's lines) or window (BGL, Thunderbird) in a code fence.
export const PREAMBLE = [
  'You are an expert in log analysis. Read the log excerpt below and decide whether it shows anomalous behaviour or normal operation.',
  '',
  'Begin your reply with exactly one word, ANOMALY or NORMAL.',
  'Then explain briefly what in the log led you to it.',
].join('\n')

export const sessionPrompt = (blockId: string, total: number, lines: string[]): string =>
  `${PREAMBLE}\n\nLog session for block ${blockId} (${total} lines${lines.length < total ? `, the first ${lines.length} shown` : ''}):\n\`\`\`\n${lines.join('\n')}\n\`\`\``

export const windowPrompt = (index: number, lines: string[]): string => `${PREAMBLE}\n\nLog window ${index} (${lines.length} lines):\n\`\`\`\n${lines.join('\n')}\n\`\`\``

/** The judge is asked only when the answer's own words do not tell (32 tokens). */
export const judgePrompt = (answer: string): string =>
  [
    'An agent was asked to classify a log excerpt as anomalous or normal. This was its reply:',
    '',
    answer,
    '',
    'Does the reply classify the log as ANOMALY or as NORMAL? Reply with exactly one word: ANOMALY or NORMAL.',
  ].join('\n')
