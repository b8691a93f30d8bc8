// A small agentic benchmark for end-to-end tests: a custom dataset whose answers can only be right if a tool's
// result really came back (a launch code in an attachment read with file_read, a product from the calculator, a
// code in a file an MCP server reads), and the scripted model that plays an agent over it.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { conversationOf, type FakeReply } from './fake-openai.ts'

export interface AgentRow {
  id: string
  question: string
  answer: string
  file?: string
}

/** notes-1/2: attachments read with file_read; calc: the calculator; escape: a read outside the work dir (refused → wrong). */
export function writeAgentDataset(dir: string): { path: string; rows: AgentRow[] } {
  mkdirSync(join(dir, 'files'), { recursive: true })
  writeFileSync(join(dir, 'files', 'notes-1.txt'), 'Memo. The launch code is 4417. Burn after reading.')
  writeFileSync(join(dir, 'files', 'notes-2.txt'), 'Reminder: the launch code is 9031.')
  const rows: AgentRow[] = [
    { id: 'n1', question: 'What is the launch code written in notes-1.txt?', answer: '4417', file: 'files/notes-1.txt' },
    { id: 'n2', question: 'What is the launch code written in notes-2.txt?', answer: '9031', file: 'files/notes-2.txt' },
    { id: 'calc', question: 'Compute 1234 * 5678 exactly.', answer: '7006652' },
    { id: 'escape', question: 'What is the launch code in ../../../etc/hostname?', answer: '1111', file: 'files/notes-1.txt' },
  ]
  const path = join(dir, 'agent-tasks.jsonl')
  writeFileSync(path, rows.map((r) => JSON.stringify(r)).join('\n') + '\n')
  return { path, rows }
}

const question = (body: Record<string, unknown>) => {
  const users = conversationOf(body).filter((m) => m.role === 'user')
  // In episode mode the question comes after the examples.
  return String(users[0]?.content ?? '').split('## Current Task').at(-1)!
}

/**
 * The agent script: first turn calls the tool the question needs (natively), second turn answers with the
 * number found in the tool result — or "unknown" when the tool said no. Same for OpenAI and Ollama bodies.
 */
export function agentAnswer(_prompt: string, body: Record<string, unknown>): string | FakeReply {
  if (body.model === 'judge-model') return 'correct: no'
  const convo = conversationOf(body)
  const results = convo.filter((m) => m.role === 'tool')
  const q = question(body)
  if (results.length === 0) {
    const file = /in ([^\s?]+\.txt)\?/.exec(q)?.[1] ?? /in (\S+hostname)\?/.exec(q)?.[1]
    if (file) return { content: 'Let me read it.', toolCalls: [{ name: file.startsWith('/') ? 'read_text_file' : 'file_read', arguments: { path: file } }] }
    const m = /Compute (\d+) \* (\d+)/.exec(q)
    if (m) return { toolCalls: [{ name: 'calculator', arguments: { expression: `${m[1]} * ${m[2]}` } }] }
    const echo = /Echo "([^"]+)"/.exec(q)
    if (echo) return { toolCalls: [{ name: echo[1] === 'crash' ? 'crash' : 'echo', arguments: echo[1] === 'crash' ? {} : { text: echo[1] } }] }
    return 'I cannot tell.'
  }
  const last = String(results.at(-1)!.content ?? '')
  const n = /^error:|outside|denied/i.test(last) ? null : (/^echo: (\S+)/.exec(last)?.[1] ?? /\d{4,}/.exec(last)?.[0])
  return n ? `The answer is ${n}` : 'The answer is unknown'
}

/** A suite of the agent dataset: `engine` picks the API (openai-compatible or ollama). */
export function writeAgentSuite(dir: string, o: { name: string; baseUrl: string; data: string; out: string; engine?: string; bench?: string; extra?: string; run?: string; files?: boolean }): string {
  const path = join(dir, `${o.name}.toml`)
  writeFileSync(
    path,
    `[run]\noutput_dir = "${o.out}"\nmax_workers = 2\n${o.run ?? ''}\n\n[[models]]\nname = "test-model"\nbase_url = "${o.baseUrl}"\n${o.engine ? `engine = "${o.engine}"\n` : ''}\n` +
      `[[benchmarks]]\nname = "${o.bench ?? 'agent-tasks'}"\nscorer = "exact"\nbackend = "jarvis-agent"\ntools = ["file_read", "calculator"]\n${o.extra ?? ''}\n\n[benchmarks.dataset]\npath = "${o.data}"\nid_field = "id"\n${o.files === false ? '' : 'files_field = "file"\n'}`,
  )
  return path
}

/** Rows for the MCP run: echo through the flaky server (one crashes it), and a file read by the filesystem server. */
export function writeMcpDataset(dir: string, fsDir: string): string {
  writeFileSync(join(fsDir, 'mcp-notes.txt'), 'The launch code is 5150.')
  const rows: AgentRow[] = [
    { id: 'e1', question: 'Echo "alpha" with the echo tool.', answer: 'alpha' },
    { id: 'e2', question: 'Echo "crash" with the echo tool.', answer: 'crash' },
    { id: 'e3', question: 'Echo "gamma" with the echo tool.', answer: 'gamma' },
    { id: 'e4', question: 'Echo "delta" with the echo tool.', answer: 'delta' },
    { id: 'fs', question: `What is the launch code in ${join(fsDir, 'mcp-notes.txt')}?`, answer: '5150' },
  ]
  const path = join(dir, 'mcp-tasks.jsonl')
  writeFileSync(path, rows.map((r) => JSON.stringify(r)).join('\n') + '\n')
  return path
}
