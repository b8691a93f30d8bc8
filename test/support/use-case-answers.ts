// Answers for the use-case benchmarks' tests, built from each record: a perfect one (from the reference data)
// and a deliberately poor one, plus the judge replies that go with them.
//
//   USE_CASE_KEYS                      the nine synthetic benchmarks of issue 14
//   perfectAnswer(key, record), poorAnswer(key, record): string
//   judgeReply(key, verdict, record): string    what a judge says of a perfect ('pass') or poor ('fail') answer
import type { EvalRecord } from '../../src/core/record.ts'
import type { Vulnerability } from '../../evals/security_scanner/loader.ts'
import { typeLabel, type VulnType } from '../../evals/security_scanner/vuln-types.ts'
import { checklistItems as browserItems } from '../../evals/browser_assistant/prompt.ts'

export const USE_CASE_KEYS = ['coding_assistant', 'security_scanner', 'daily_digest', 'doc_qa', 'browser_assistant', 'email_triage', 'morning_brief', 'research_mining', 'knowledge_base'] as const
export type UseCaseKey = (typeof USE_CASE_KEYS)[number]

const m = (r: EvalRecord) => r.metadata as Record<string, any>
const fence = (code: string) => `\`\`\`python\n${code}\`\`\``

function securityReport(vulns: Vulnerability[]): string {
  const worst = ['critical', 'high', 'medium', 'low'].find((s) => vulns.some((v) => v.severity === s))!
  return [
    '## Secrets Found',
    vulns.filter((v) => v.type === 'hardcoded_secret').map((v) => `- ${v.file} line ${v.line}: ${v.description}`).join('\n') || 'None.',
    '',
    '## Vulnerabilities',
    ...vulns.map((v) => `- ${v.file}, line ${v.line}: ${typeLabel(v.type as VulnType)} (severity: ${v.severity}). ${v.description}`),
    '',
    '## Dependency Issues',
    'None found in the files provided.',
    '',
    '## Recommendations',
    ...vulns.map((v) => `- Fix ${v.file} line ${v.line}: remove the ${typeLabel(v.type as VulnType)} by validating input and using the safe API.`),
    '',
    '## Risk Level',
    worst.toUpperCase(),
  ].join('\n')
}

export function perfectAnswer(key: UseCaseKey, r: EvalRecord): string {
  const md = m(r)
  switch (key) {
    case 'coding_assistant':
      return `The bug is fixed below.\n\n${fence(r.reference)}`
    case 'security_scanner':
      return securityReport(md.vulnerabilities)
    case 'daily_digest': {
      const rest = (md.must_mention as string[]).filter((p) => !(md.priority_order as string[]).includes(p))
      return [
        '## Top priorities',
        ...(md.priority_order as string[]).map((p, i) => `${i + 1}. **${p}**`),
        '',
        '## Also today',
        ...rest.map((p) => `- ${p}`),
        '',
        '## Action items',
        '- Review the priorities above first thing and confirm owners for each.',
        '- Send short status updates to everyone waiting on you before lunch.',
        '- Schedule time this afternoon for the remaining tasks and note any deadline conflicts.',
        '- Follow up on open messages and prepare for tomorrow before the end of the day.',
      ].join('\n')
    }
    case 'doc_qa':
      return (md.required_facts as string[]).map((f, i) => `- ${f} [Doc ${md.fact_sources[i]}]`).join('\n')
    case 'browser_assistant':
      return [...md.exact_facts, ...md.semantic_facts].map((f: string) => `- ${f}.`).concat(['', 'Source: https://en.wikipedia.org/ and the official documentation.']).join('\n')
    case 'email_triage':
      return `urgency: ${md.urgency}\ncategory: ${md.category}\ndraft: Thank you for the message. I have seen it and will handle it today; I will confirm once it is done.`
    case 'morning_brief':
      return ['## Top priorities', ...r.reference.split('; ').map((p, i) => `${i + 1}. ${p}.`), '', '## Calendar', 'See the schedule above; the first meeting needs preparation.', '', '## Messages', 'Reply to the senders of the urgent messages first.'].join('\n')
    case 'research_mining':
      return ['## Key findings', ...(md.key_facts as string[]).map((f, i) => `${i + 1}. ${f}.`), '', '## Evidence', 'Each finding is supported by the published literature in this area.', '', '## Synthesis', `Together these findings answer the question: ${md.question}`].join('\n')
    case 'knowledge_base':
      return r.reference
  }
}

export function poorAnswer(key: UseCaseKey, r: EvalRecord): string {
  const md = m(r)
  switch (key) {
    case 'coding_assistant':
      return `I could not find a bug; the code looks right:\n\n${fence(r.problem.split('```python\n')[1].split('```')[0])}`
    case 'security_scanner':
      return 'The code looks fine to me and I did not find anything worth reporting.'
    case 'daily_digest':
      return 'Have a great day! Remember to drink water and take breaks.'
    case 'doc_qa':
      return 'I could not find the answer.'
    case 'browser_assistant':
      return "I don't know."
    case 'email_triage':
      return `urgency: ${md.urgency === 'low' ? 'critical' : 'low'}\ncategory: ${md.category === 'social' ? 'decision' : 'social'}\ndraft: Thanks!`
    case 'morning_brief':
      return 'Good morning! Have a productive day.'
    case 'research_mining':
      return 'This is a complex topic and more research is needed.'
    case 'knowledge_base':
      return 'I am not sure; please check the documentation.'
  }
}

const RUBRIC: Partial<Record<UseCaseKey, { pass: string; fail: string }>> = {
  email_triage: { pass: 'urgency_correct: yes\ncategory_correct: yes\ndraft_quality: good\nreasoning: Matches.\noverall_correct: yes', fail: 'urgency_correct: no\ncategory_correct: no\ndraft_quality: poor\nreasoning: Wrong.\noverall_correct: no' },
  knowledge_base: { pass: 'factually_correct: yes\ncompleteness: complete\nreasoning: Same facts.\noverall_correct: yes', fail: 'factually_correct: no\ncompleteness: missing\nreasoning: No answer.\noverall_correct: no' },
  morning_brief: { pass: 'completeness: 5\nprioritization: 5\nconciseness: 4\nactionability: 5\nkey_priorities_covered: yes\nreasoning: Leads with the priorities.\noverall_correct: yes', fail: 'completeness: 1\nprioritization: 1\nconciseness: 3\nactionability: 1\nkey_priorities_covered: no\nreasoning: Says nothing.\noverall_correct: no' },
  research_mining: { pass: 'accuracy: 5\ncoverage: 5\ndepth: 4\nstructure: 5\nrelevance: 5\nreasoning: Covers the key facts.\noverall_correct: yes', fail: 'accuracy: 2\ncoverage: 1\ndepth: 1\nstructure: 2\nrelevance: 2\nreasoning: No findings.\noverall_correct: no' },
}

const CHECKLIST_SIZE: Partial<Record<UseCaseKey, (r: EvalRecord) => number>> = {
  security_scanner: () => 5,
  daily_digest: () => 5,
  doc_qa: () => 5,
  browser_assistant: (r) => browserItems(r.metadata.semantic_facts as string[]).length,
}

/** The judge's reply: numbered `<n>. yes|no — reason` lines for checklists, named fields for rubrics. */
export function judgeReply(key: UseCaseKey, verdict: 'pass' | 'fail', r: EvalRecord): string {
  const rubric = RUBRIC[key]
  if (rubric) return rubric[verdict]
  const n = CHECKLIST_SIZE[key]?.(r) ?? 0
  return Array.from({ length: n }, (_, i) => `${i + 1}. ${verdict === 'pass' ? 'yes — covered' : 'no — missing'}`).join('\n')
}
