// A scripted OpenAI- and Ollama-compatible server on 127.0.0.1 for end-to-end tests of the real clients.
//
//   startFakeOpenAI({ models, answer(prompt, body) => text | { content?, toolCalls? }, latencyMs?, faults? })
//     → { url, requests, close() }
//
// `answer` sees the whole request body (body.messages holds the conversation so far, tool results included), so
// a script can call a tool first and answer from its result next turn. Tool calls go out in the real shapes:
// OpenAI SSE `tool_calls` deltas (id and name first, the arguments JSON in pieces, finish_reason "tool_calls"),
// or Ollama's `message.tool_calls` with arguments as an object.
//
// Streams with include_usage like vLLM/OpenAI (first chunk has role and empty content; usage last with
// choices: []). `faults` scripts failures by request number (1-based): { 2: { status: 429, retryAfterMs: 0 } }.
// Hang faults (issue 17): `stallAfterHeaders`, `infinite` (content forever), `trickleMs` (a byte at a time);
// `status: 999` sends a status no HTTP client accepts.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Fault {
  status?: number
  retryAfterMs?: number
  /** Cut the stream after the first chunk (a dropped connection mid-answer). */
  cutStream?: boolean
  /** Never answer (for timeouts). */
  hang?: boolean
  /** Send the headers and the first chunk, then nothing more (the connection stays open). */
  stallAfterHeaders?: boolean
  /** Stream content chunks every 10 ms, never a finish_reason, until the client goes away (bounded: 10 min). */
  infinite?: boolean
  /** Send the whole SSE answer one byte every `trickleMs` ms. */
  trickleMs?: number
  /** Report this usage instead of the real counts (a buggy server: negative, strings, …). */
  usage?: Record<string, unknown>
  /** Error message; may echo the request's headers (to prove secrets are redacted). */
  message?: (headers: http.IncomingHttpHeaders) => string
}

/** A scripted reply that calls tools (native function calling); `content` may accompany the calls. */
export interface FakeReply {
  content?: string
  toolCalls?: { name: string; arguments: Record<string, unknown> | string; id?: string }[]
}

export interface FakeOpenAIOptions {
  models?: string[]
  answer?: (prompt: string, body: Record<string, unknown>) => string | FakeReply
  latencyMs?: number
  faults?: Record<number, Fault>
  /** A fault decided from the request (e.g. a server that refuses the `tools` field with a 400). */
  faultFor?: (body: Record<string, unknown>, n: number) => Fault | undefined
}

export interface RecordedRequest {
  method: string
  path: string
  headers: http.IncomingHttpHeaders
  body: Record<string, unknown> | null
}

export interface FakeOpenAI {
  url: string
  requests: RecordedRequest[]
  /** Chat requests in flight at most at once. */
  maxInFlight: number
  close(): Promise<void>
}

const tokens = (s: string) => Math.max(1, Math.ceil(s.length / 4))

export async function startFakeOpenAI(o: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const models = o.models ?? ['test-model']
  const requests: RecordedRequest[] = []
  let chats = 0
  let inFlight = 0
  const state = { maxInFlight: 0 }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      let body: Record<string, unknown> | null = null
      try {
        body = raw ? JSON.parse(raw) : null
      } catch {}
      const path = (req.url ?? '/').split('?')[0]
      requests.push({ method: req.method ?? '', path, headers: req.headers, body })
      const json = (status: number, obj: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers })
        res.end(JSON.stringify(obj))
      }
      if (req.method === 'GET' && path === '/v1/models') return json(200, { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'test' })) })
      if (req.method === 'GET' && path === '/api/tags') return json(200, { models: models.map((name) => ({ name, model: name, size: 1, digest: 'x', modified_at: new Date(0).toISOString(), details: {} })) })
      const isChat = req.method === 'POST' && path === '/v1/chat/completions'
      const isOllama = req.method === 'POST' && path === '/api/chat'
      if (!isChat && !isOllama) return json(404, { error: { message: `no route ${path}`, type: 'invalid_request_error', param: null, code: null } })
      const n = ++chats
      if (!body || !Array.isArray(body.messages)) return json(400, { error: { message: 'messages required', type: 'invalid_request_error', param: null, code: null } })
      if (!models.includes(String(body.model))) return json(404, { error: { message: `model ${body.model} not found`, type: 'invalid_request_error', param: null, code: 'model_not_found' } })
      const fault = o.faults?.[n] ?? o.faultFor?.(body, n)
      if (fault?.hang) return
      inFlight++
      state.maxInFlight = Math.max(state.maxInFlight, inFlight)
      res.on('close', () => inFlight--)
      const messages = body.messages as { role: string; content: string }[]
      const prompt = [...messages].reverse().find((m) => m.role === 'user')?.content ?? ''
      const reply = (o.answer ?? (() => 'The answer is A'))(prompt, body)
      const answer = typeof reply === 'string' ? reply : (reply.content ?? '')
      const calls = (typeof reply === 'string' ? [] : (reply.toolCalls ?? [])).map((c, i) => ({ id: c.id ?? `call_${n}_${i}`, name: c.name, args: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments) }))
      const usage = { prompt_tokens: tokens(messages.map((m) => m.content ?? '').join('')), completion_tokens: tokens(answer + calls.map((c) => c.name + c.args).join('')) }
      setTimeout(() => {
        if (fault?.status) {
          const headers: Record<string, string> = fault.retryAfterMs !== undefined ? { 'retry-after-ms': String(fault.retryAfterMs) } : {}
          const message = fault.message ? fault.message(req.headers) : `injected ${fault.status}`
          return json(fault.status, { error: { message, type: 'server_error', param: null, code: null } }, headers)
        }
        if (isOllama) return ollamaReply(res, body!, answer, usage, calls)
        const finish = calls.length ? 'tool_calls' : 'stop'
        const openaiCalls = calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.args } }))
        if (!body!.stream) {
          return json(200, {
            id: `chatcmpl-${n}`, object: 'chat.completion', created: 0, model: body!.model,
            choices: [{ index: 0, message: { role: 'assistant', content: answer || (calls.length ? null : ''), ...(calls.length ? { tool_calls: openaiCalls } : {}) }, finish_reason: finish }],
            usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
          })
        }
        res.writeHead(200, { 'content-type': 'text/event-stream' })
        const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
          res.write(`data: ${JSON.stringify({ id: `chatcmpl-${n}`, object: 'chat.completion.chunk', created: 0, model: body!.model, choices, ...extra })}\n\n`)
        chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }])
        if (fault?.cutStream) return res.destroy()
        if (fault?.stallAfterHeaders) return
        if (fault?.infinite) {
          let sent = 0
          const t = setInterval(() => (++sent > 60_000 ? (clearInterval(t), res.destroy()) : chunk([{ index: 0, delta: { content: 'more ' }, finish_reason: null }])), 10)
          return res.on('close', () => clearInterval(t))
        }
        if (fault?.trickleMs) {
          const id = `chatcmpl-${n}`
          const text = [...(answer.match(/[\s\S]{1,4}/g) ?? []).map((piece) => ({ index: 0, delta: { content: piece }, finish_reason: null })), { index: 0, delta: {}, finish_reason: 'stop' }]
            .map((c) => `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 0, model: body!.model, choices: [c] })}\n\n`)
            .join('') + 'data: [DONE]\n\n'
          let i = 0
          const t = setInterval(() => (i < text.length ? res.write(text[i++]) : (clearInterval(t), res.end())), fault.trickleMs)
          return res.on('close', () => clearInterval(t))
        }
        for (const piece of answer.match(/[\s\S]{1,4}/g) ?? []) chunk([{ index: 0, delta: { content: piece }, finish_reason: null }])
        calls.forEach((c, index) => {
          // As vLLM and OpenAI stream them: id, type and name first, then the arguments JSON in pieces.
          chunk([{ index: 0, delta: { tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.name, arguments: '' } }] }, finish_reason: null }])
          for (const piece of c.args.match(/[\s\S]{1,5}/g) ?? []) chunk([{ index: 0, delta: { tool_calls: [{ index, function: { arguments: piece } }] }, finish_reason: null }])
        })
        chunk([{ index: 0, delta: {}, finish_reason: finish }])
        if ((body!.stream_options as { include_usage?: boolean } | undefined)?.include_usage) chunk([], { usage: fault?.usage ?? { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } })
        res.end('data: [DONE]\n\n')
      }, o.latencyMs ?? 0)
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    requests,
    get maxInFlight() {
      return state.maxInFlight
    },
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  }
}

function ollamaReply(res: http.ServerResponse, body: Record<string, unknown>, answer: string, usage: { prompt_tokens: number; completion_tokens: number }, calls: { name: string; args: string }[]) {
  const base = { model: body.model, created_at: new Date(0).toISOString() }
  const final = { ...base, message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop', total_duration: 2e6, load_duration: 1e5, prompt_eval_count: usage.prompt_tokens, prompt_eval_duration: 5e5, eval_count: usage.completion_tokens, eval_duration: 1e6 }
  // Ollama sends each tool call whole, its arguments an object, in a chunk of its own (no call ids).
  const toolCalls = calls.map((c) => ({ function: { name: c.name, arguments: parseOr(c.args) } }))
  if (body.stream === false) {
    res.writeHead(200, { 'content-type': 'application/json' })
    return res.end(JSON.stringify({ ...final, message: { role: 'assistant', content: answer, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) } }))
  }
  res.writeHead(200, { 'content-type': 'application/x-ndjson' })
  for (const piece of answer.match(/[\s\S]{1,4}/g) ?? []) res.write(`${JSON.stringify({ ...base, message: { role: 'assistant', content: piece }, done: false })}\n`)
  if (toolCalls.length) res.write(`${JSON.stringify({ ...base, message: { role: 'assistant', content: '', tool_calls: toolCalls }, done: false })}\n`)
  res.end(`${JSON.stringify(final)}\n`)
}

const parseOr = (s: string): unknown => {
  try {
    return JSON.parse(s)
  } catch {
    return s
  }
}

/** The conversation of a chat request (OpenAI or Ollama shape), for scripts that answer from tool results. */
export function conversationOf(body: Record<string, unknown>): { role: string; content: string | null; tool_call_id?: string; tool_name?: string; tool_calls?: unknown[] }[] {
  return (body.messages as never[]) ?? []
}

/** The content of the last tool result in a request, or null before any tool ran. */
export function lastToolResult(body: Record<string, unknown>): string | null {
  const tool = [...conversationOf(body)].reverse().find((m) => m.role === 'tool')
  return tool ? String(tool.content ?? '') : null
}
