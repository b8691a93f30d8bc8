// The MATH-500 prompt. OpenJarvis asked only for "your final answer clearly"; asking for \boxed{} lets the
// math fast path decide most samples without a judge call.
export const PROMPT_TEMPLATE = 'Solve the following math problem step by step. Put your final answer within \\boxed{}.\n\n{problem}'

export const buildPrompt = (problem: string): string => PROMPT_TEMPLATE.replace('{problem}', () => problem)
