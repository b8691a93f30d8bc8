// The NaturalReasoning prompt (OpenJarvis's wording, paraphrased, plus a "Final answer:" line to read).
export const PROMPT_TEMPLATE =
  'Solve the following reasoning problem. Think step by step, then give your final answer on the last line as "Final answer: <answer>".\n\n{question}'

export const buildPrompt = (question: string): string => PROMPT_TEMPLATE.replace('{question}', () => question)
