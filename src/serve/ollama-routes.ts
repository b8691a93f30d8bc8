// Ollama-compatible routes: GET /api/tags and POST /api/chat (NDJSON stream by default, or one JSON object).
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { GenerateResult } from '../core/engine.ts'
import { OllamaChatRequestSchema, parseBody } from './chat-request.ts'
import { abortOnClientGone, HttpError, readJsonBody, sendJson, toHttpError } from './http-io.ts'
import type { ServeContext } from './openai-routes.ts'

/** Ollama's default temperature when options.temperature is absent. */
const OLLAMA_DEFAULT_TEMPERATURE = 0.8

/** Ollama lists untagged models as `name:latest` and accepts both spellings. */
export const ollamaName = (modelId: string): string => (modelId.includes(':') ? modelId : `${modelId}:latest`)

export function listTags(ctx: ServeContext, res: ServerResponse): void {
  const name = ollamaName(ctx.modelId)
  sendJson(res, 200, {
    models: [{ name, model: name, modified_at: new Date(ctx.created * 1000).toISOString(), size: 0, digest: '', details: { format: 'gguf' } }],
  })
}

const ns = (seconds: number): number => Math.round(seconds * 1e9)

/** Ollama's final-message statistics; every duration is in nanoseconds. */
const statsOf = (r: GenerateResult) => ({
  done: true,
  done_reason: r.finishReason,
  total_duration: ns(r.latencySeconds),
  load_duration: 0,
  prompt_eval_count: r.promptTokens,
  prompt_eval_duration: ns(r.ttftSeconds),
  eval_count: r.completionTokens,
  eval_duration: ns(Math.max(0, r.latencySeconds - r.ttftSeconds)),
})

export async function ollamaChat(ctx: ServeContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = parseBody(OllamaChatRequestSchema, await readJsonBody(req))
  if (body.model !== ctx.modelId && body.model !== ollamaName(ctx.modelId)) {
    throw new HttpError(404, `model "${body.model}" not found, try pulling it first`)
  }
  const o = body.options ?? {}
  const params = {
    model: body.model,
    messages: body.messages,
    // num_predict -1 (infinite) and -2 (fill the context) both mean: until EOS or the end of the context.
    maxTokens: o.num_predict && o.num_predict > 0 ? o.num_predict : 0,
    temperature: o.temperature ?? OLLAMA_DEFAULT_TEMPERATURE,
    seed: o.seed ?? undefined,
    signal: abortOnClientGone(res),
  }
  const base = () => ({ model: body.model, created_at: new Date().toISOString() })
  // The Ollama server streams unless told otherwise (the ollama JS client sends stream: false by default).
  if (body.stream === false) {
    const r = await ctx.engine.generate(params)
    return sendJson(res, 200, { ...base(), message: { role: 'assistant', content: r.content }, ...statsOf(r) })
  }
  const line = (o: unknown) => res.write(`${JSON.stringify(o)}\n`)
  const start = () => void (res.headersSent || res.writeHead(200, { 'content-type': 'application/x-ndjson' }))
  let r: GenerateResult
  try {
    r = await ctx.engine.generateStream(params, (text) => {
      start()
      line({ ...base(), message: { role: 'assistant', content: text }, done: false })
    })
  } catch (e) {
    if (!res.headersSent) throw e
    // The ollama client throws Error(message.error) for a stream line with `error`.
    if (!params.signal.aborted) line({ error: toHttpError(e).message })
    return void res.end()
  }
  start()
  line({ ...base(), message: { role: 'assistant', content: '' }, ...statsOf(r) })
  res.end()
}
