import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, test, vi } from 'vitest'
import { ChatStreamError, SseParser, streamChat } from '../../src/engines/chat-stream.ts'
import { classifyOpenAIError, OpenAICompatibleEngine } from '../../src/engines/openai-compatible.ts'
import { deadPort, useFakeServers } from '../support/engine-test-kit.ts'
import type { Fault } from '../support/fake-openai.ts'

// The streamed-completion path parses server-sent events itself; it must read every stream the openai client
// reads, the same way, however the bytes are cut into pieces.
const parse = (pieces: string[]) => {
  const out: unknown[] = []
  const p = new SseParser((d) => out.push(d))
  for (const x of pieces) p.push(x)
  return out
}
const STREAM = 'data: {"a":1}\n\n: keep-alive comment\n\nevent: message\ndata: {"b":\ndata: 2}\n\ndata:{"c":3}\n\ndata: [DONE]\n\ndata: {"after":"done"}\n\n'

describe('SseParser', () => {
  test('events, multi-line data, comments, a field without a space, and nothing after [DONE]', () => {
    expect(parse([STREAM])).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }])
  })

  test('the same events whatever the cuts, including inside a \\r\\n', () => {
    const crlf = STREAM.replaceAll('\n', '\r\n')
    for (const text of [STREAM, crlf, STREAM.replaceAll('\n', '\r')])
      for (const size of [1, 2, 3, 7, 64]) {
        const pieces = text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!
        expect(parse(pieces), `${JSON.stringify(text.slice(0, 20))} in pieces of ${size}`).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }])
      }
  })

  test('Assistants thread.* events are skipped, as by the client', () => {
    expect(parse(['event: thread.run.created\ndata: {"x":1}\n\ndata: {"y":2}\n\n'])).toEqual([{ y: 2 }])
  })
})

/** A server answering each request with `body(res)`. */
async function server(body: (res: http.ServerResponse) => void) {
  const srv = http.createServer((req, res) => {
    req.resume()
    req.on('end', () => body(res))
  })
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r))
  return { url: new URL(`http://127.0.0.1:${(srv.address() as AddressInfo).port}/v1/chat/completions`), close: () => new Promise<void>((r) => srv.close(() => r())) }
}
const request = (url: URL, o: { signal?: AbortSignal } = {}) => ({ url, apiKey: 'k', body: '{}', timeoutMs: 10_000, ...o })

describe('streamChat failures read as the openai client’s', () => {
  test('an error event mid-stream is a stream_cut (retried), worded by its message', async () => {
    const s = await server((res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.end('data: {"choices":[{"delta":{"content":"x"}}]}\n\ndata: {"error":{"message":"overloaded mid-stream"}}\n\n')
    })
    try {
      const seen: unknown[] = []
      const e = await streamChat(request(s.url), (d) => seen.push(d)).catch((x) => x)
      expect(seen).toHaveLength(1)
      expect(e).toBeInstanceOf(ChatStreamError)
      expect(classifyOpenAIError(e)).toMatchObject({ kind: 'stream_cut', retryable: true, message: 'stream interrupted: overloaded mid-stream' })
    } finally {
      await s.close()
    }
  })

  test('a JSON error body is the client’s status error; a text body its message', async () => {
    let n = 0
    const s = await server((res) => {
      n++
      if (n === 1) return res.writeHead(429, { 'content-type': 'application/json', 'retry-after-ms': '7' }).end('{"error":{"message":"slow down"}}')
      res.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway')
    })
    try {
      const a = await streamChat(request(s.url), () => {}).catch((x) => x)
      expect(classifyOpenAIError(a)).toMatchObject({ kind: 'rate_limit', status: 429, message: 'HTTP 429: slow down', retryAfterMs: 7 })
      const b = await streamChat(request(s.url), () => {}).catch((x) => x)
      expect(classifyOpenAIError(b)).toMatchObject({ status: 502, message: 'HTTP 502: bad gateway', retryable: true })
    } finally {
      await s.close()
    }
  })

  test('an abort mid-stream is kind aborted; nothing is delivered after it', async () => {
    const s = await server((res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write('data: {"n":1}\n\n')
      setTimeout(() => res.end('data: {"n":2}\n\n'), 300)
    })
    try {
      const ctl = new AbortController()
      const seen: unknown[] = []
      const p = streamChat(request(s.url, { signal: ctl.signal }), (d) => (seen.push(d), ctl.abort()))
      const e = await p.catch((x) => x)
      expect(classifyOpenAIError(e)).toMatchObject({ kind: 'aborted', retryable: false })
      await new Promise((r) => setTimeout(r, 400))
      expect(seen).toEqual([{ n: 1 }])
    } finally {
      await s.close()
    }
  })
})

describe('the same failures, through the openai client and through chat-stream', () => {
  // Each fault once per path; the retry policy must see the same kind, status, words and wait.
  const serve = useFakeServers({ models: ['m'], answer: () => 'The answer is C' })
  const faults: [string, Fault | 'dead' | 'error-event'][] = [
    ['503 with a JSON error', { status: 503, message: () => 'injected 503' }],
    ['429 with retry-after-ms', { status: 429, retryAfterMs: 7 }],
    ['400', { status: 400 }],
    ['a cut stream', { cutStream: true }],
    ['nothing listening', 'dead'],
    ['an error event mid-stream', 'error-event'],
  ]
  test.each(faults)('%s', async (_name, fault) => {
    const failure = async (client: boolean) => {
      vi.stubEnv('JARVIS_FETCH', client ? 'client' : '')
      let url: string
      let close = async () => {}
      if (fault === 'dead') url = `http://127.0.0.1:${await deadPort()}`
      else if (fault === 'error-event') {
        const s = await server((res) => {
          res.writeHead(200, { 'content-type': 'text/event-stream' })
          res.end('data: {"choices":[{"index":0,"delta":{"content":"x"},"finish_reason":null}]}\n\ndata: {"error":{"message":"overloaded mid-stream","type":"server_error"}}\n\n')
        })
        url = s.url.href.replace('/v1/chat/completions', '')
        close = s.close
      } else url = (await serve({ faults: { 1: fault } })).url
      try {
        const engine = new OpenAICompatibleEngine({ key: 'vllm', baseUrl: url, apiKey: 'k', maxRetries: 0 })
        const e = await engine.generate({ model: 'm', messages: [{ role: 'user', content: 'Q?' }], temperature: 0, maxTokens: 8 }).catch((x) => x)
        return { kind: e.kind, status: e.status, message: String(e.message).replace(/\d{4,5}/g, 'PORT'), retries: e.retries }
      } finally {
        await close()
      }
    }
    const viaClient = await failure(true)
    expect(viaClient.kind).toBeDefined()
    expect(await failure(false)).toEqual(viaClient)
  })
})
