// browser_assistant prompt (OpenJarvis's, paraphrased) and the judge's checklist: one item per semantic fact,
// then the three quality items. The prompt reads the same with or without web tools: a backend that offers
// web_search / web_fetch describes them to the model itself.
export function buildPrompt(question: string): string {
  return [
    'You are a web research assistant. Answer the question below accurately and cite your sources.',
    '',
    '## Question',
    question,
    '',
    'Give specific numbers, names and dates, and name the source of each fact (a URL or the publication).',
  ].join('\n')
}

export const QUALITY_ITEMS = [
  'The answer contains no fabricated or wrong numbers, names or dates.',
  'The answer cites its sources (URLs or named publications).',
  'The answer directly addresses the question.',
] as const

export const checklistItems = (semanticFacts: readonly string[]): string[] => [...semanticFacts.map((f) => `The answer covers: ${f}`), ...QUALITY_ITEMS]
