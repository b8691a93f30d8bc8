// DeepPlanning prompts, paraphrasing OpenJarvis's (openjarvis-evals.md §2.4): shopping-assistant instructions,
// the request, the case's whole product catalog in a jsonl fence, and the output it must give; a judge that
// checks the plan against the reference products and answers CORRECT or INCORRECT.
import type { ChatMessage } from '../../src/core/messages.ts'

export const INSTRUCTIONS = [
  'You are a shopping assistant. From the product catalog below, choose the products that meet every constraint of the request.',
  '',
  'How to work:',
  '- Read the catalog itself; do not write code to parse it.',
  '- Check each constraint against the attributes of each product, and keep only products that satisfy all of them.',
  '- If a constraint concerns information the catalog does not list directly (e.g. delivery time when only the shipping service is given), infer it reasonably from what is listed.',
  '- For each product you choose, give its name, brand and price, and the attribute values that satisfy each constraint.',
  '- End with your final answer: a clear list of the chosen products.',
].join('\n')

export function buildPrompt(query: string, catalog: string): string {
  const catalogPart = catalog
    ? `## Product Catalog\nThe product database, one JSON object per line:\n\n\`\`\`jsonl\n${catalog}\n\`\`\`\n\n`
    : ''
  return `${INSTRUCTIONS}\n\n## Shopping Request\n${query}\n\n${catalogPart}## Required Output\nList every product that satisfies all the constraints, each with:\n1. its name and brand\n2. its price\n3. for each constraint, the matching attribute value from the catalog`
}

export function judgeMessages(p: { taskType: string; request: string; reference: string; plan: string }): ChatMessage[] {
  const content = [
    'You are grading the answer to a planning task.',
    '',
    `## Task Type: ${p.taskType}`,
    '',
    '## The Request',
    p.request,
    '',
    '## Reference Plan (the products that satisfy every constraint)',
    p.reference,
    '',
    "## The Agent's Plan",
    p.plan,
    '',
    'Decide whether the plan satisfies every constraint of the request.',
    'For a shopping task: are exactly the right products chosen; are coupons and discounts applied by their rules; is the cart total right?',
    'For a travel plan: are the route and the timing feasible (opening hours, travel times), is the budget kept, are the personal requirements met?',
    '',
    'Begin your reply with exactly one word, CORRECT or INCORRECT, then explain briefly.',
  ].join('\n')
  return [{ role: 'user', content }]
}
