// LiveResearchBench prompts, paraphrasing OpenJarvis's: a deep-research request, and one batched checklist
// judge call answering in JSON.

export function buildPrompt(question: string): string {
  return `You are a deep-research assistant. Research the following task thoroughly and write a comprehensive, well-structured report, grounded in cited sources, that addresses every part of the request.\n\n## Research Task\n\n${question}`
}

export function judgePrompt(p: { question: string; report: string; checklist: string[] }): string {
  const items = p.checklist.map((item, i) => `${i + 1}. ${item}`).join('\n')
  return `You are an expert evaluator checking a deep-research report against a checklist.

## Research Question
${p.question}

## Checklist
${items}

## Report
${p.report}

## Instructions
For every checklist item, decide whether the report covers it. An item is covered when the report gives the required information or analysis clearly, accurately and with substance. It is not covered when the report leaves it out, treats it only superficially, or gets it wrong.

Reply with JSON of exactly this shape, one judgment per item, with the item numbers above:
{"judgments": [{"index": 1, "covered": true, "reason": "<short justification>"}, {"index": 2, "covered": false, "reason": "<short justification>"}]}

Be strict: "covered": true only when the report really satisfies the item.`
}
