// tau2's NLAssertionsEvaluator: the judge reads the whole conversation and grades each expected outcome, answering
// in JSON ({"results": [{expectedOutcome, reasoning, metExpectation}]}). The prompts are upstream's, verbatim
// (their indentation included). Upstream's json.loads fails on anything but bare JSON; here a fenced or
// surrounded object is read too, and a reply with no verdicts is unscored rather than passed (upstream's
// all([]) counts it as met).
import type { ChatMessage } from '../../src/core/messages.ts'
import type { ScoreContext } from '../../src/core/score.ts'
import { askJudge, type JudgeUsage } from '../../src/scoring/judge/judge-call.ts'
import type { NlVerdict } from './evaluator.ts'

const SYSTEM = `
        TASK
        - You will be given a list of expected outcomes and a conversation that was collected during a test case run.
        - The conversation is between an agent and a customer.
        - Your job is to evaluate whether the agent satisfies each of the expected outcomes.
        - Grade each expected outcome individually.

        FORMAT
        - Your response should be a JSON object with the following fields:
        - \`reasoning\`: a short explanation for your classification
        - \`metExpectation\`: \`true\` if the agent satisfies the expected outcomes, \`false\` otherwise
        - \`expectedOutcome\`: repeat the expectation from the input that you are grading
        
        Example response structure:
        {
            "results": [
                {
                    "expectedOutcome": "<one of the expected outcomes from the input>",
                    "reasoning": "<reasoning trace>",
                    "metExpectation": <false or true>,
                }
            ]
        }
        `

/** Python's repr of a list of strings, as the f-string puts it in the prompt. */
export const pyListRepr = (xs: readonly string[]): string =>
  `[${xs.map((s) => (s.includes("'") && !s.includes('"') ? `"${s}"` : `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`)).join(', ')}]`

export function nlMessages(conversation: readonly ChatMessage[], assertions: readonly string[]): ChatMessage[] {
  const trajectory = conversation.map((m) => `${m.role}: ${m.content || (m.toolCalls?.length ? 'None' : m.content)}`).join('\n')
  const user = `
        conversation:
        ${trajectory}
        
        expectedOutcomes:
        ${pyListRepr(assertions)}
        `
  return [{ role: 'system', content: SYSTEM }, { role: 'user', content: user }]
}

export async function judgeNlAssertions(ctx: ScoreContext, conversation: readonly ChatMessage[], assertions: string[], usage: JudgeUsage): Promise<NlVerdict> {
  const answer = await askJudge(ctx, nlMessages(conversation, assertions), usage, { temperature: 0 })
  if (!answer.ok) return { ok: false, reason: answer.reason, error: answer.error }
  const results = readResults(answer.text)
  if (!results?.length) return { ok: false, reason: 'judge_unparsed', error: answer.text.slice(0, 500) }
  return { ok: true, checks: results.map((r) => ({ nl_assertion: String(r.expectedOutcome ?? ''), met: r.metExpectation === true, justification: String(r.reasoning ?? '') })) }
}

function readResults(text: string): Record<string, unknown>[] | null {
  const start = text.indexOf('{')
  const end = text.lastIndexOf('}')
  if (start < 0 || end <= start) return null
  try {
    // Upstream's own example ends objects with a trailing comma; a judge that copies it is still read.
    const parsed = JSON.parse(text.slice(start, end + 1).replace(/,(\s*[}\]])/g, '$1')) as { results?: unknown }
    return Array.isArray(parsed.results) ? (parsed.results as Record<string, unknown>[]) : null
  } catch {
    return null
  }
}
