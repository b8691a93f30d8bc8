// LiveCodeBench's own chat prompt (lcb_runner/prompts/code_generation.py, OpenAIChat style): a system
// message, then the question and a format section that differs for stdin problems (read stdin, write
// stdout) and LeetCode-style problems (complete the starter code). OpenJarvis used a stdin-only template
// for every problem, so LeetCode problems were asked for the wrong kind of program.

export const SYSTEM_MESSAGE =
  'You are an expert Python programmer. You will be given a question (problem specification) and will generate a correct Python program that matches the specification and passes all tests. You will NOT return anything except for the program.'

export const FORMAT_WITH_STARTER_CODE = 'You will use the following starter code to write the solution to the problem and enclose your code within delimiters.'

export const FORMAT_WITHOUT_STARTER_CODE =
  'Read the inputs from stdin solve the problem and write the answer to stdout (do not directly test on the sample inputs). Enclose your code within delimiters as follows.'

export function buildPrompt(questionContent: string, starterCode: string): string {
  let prompt = `### Question:\n${questionContent}\n\n`
  if (starterCode) {
    prompt += `### Format: ${FORMAT_WITH_STARTER_CODE}\n`
    prompt += `\`\`\`python\n${starterCode}\n\`\`\`\n\n`
  } else {
    prompt += `### Format: ${FORMAT_WITHOUT_STARTER_CODE}\n`
    prompt += '```python\n# YOUR CODE HERE\n```\n\n'
  }
  prompt += '### Answer: (use the provided format with backticks)\n\n'
  return prompt
}
