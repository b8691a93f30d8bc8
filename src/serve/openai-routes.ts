// OpenAI-compatible routes: GET /v1/models and POST /v1/chat/completions (JSON or SSE stream).
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { StreamingEngine } from '../engines/llama-cpp.ts'
import type { GenerateResult } from '../core/engine.ts'
import { openAiMessages, OpenAiChatRequestSchema, parseBody } from './chat-request.ts'
import { abortOnClientGone, HttpError, openAiErrorBody, readJsonBody, sendJson, toHttpError } from './http-io.ts'

export interface ServeContext {
  engine: StreamingEngine
  modelId: string
  /** Unix seconds when the server started (the model's `created`). */
  created: number
}

/** OpenAI's default when a request gives no temperature. */
const OPENAI_DEFAULT_TEMPERATURE = 1

export const modelCard = (ctx: ServeContext) => ({ id: ctx.modelId, object: 'model', created: ctx.created, owned_by: 'jarvis' })

export function listModels(ctx: ServeContext, res: ServerResponse): void {
  sendJson(res, 200, { object: 'list', data: [modelCard(ctx)] })
}

export function unknownModel(model: string): HttpError {
  return new HttpError(404, `The model \`${model}\` does not exist or you do not have access to it.`, 'model_not_found', 'model')
}

const usageOf = (r: GenerateResult) => ({ prompt_tokens: r.promptTokens, completion_tokens: r.completionTokens, total_tokens: r.promptTokens + r.completionTokens })

export async function chatCompletions(ctx: ServeContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = parseBody(OpenAiChatRequestSchema, await readJsonBody(req))
  if (body.model !== ctx.modelId) throw unknownModel(body.model)
  const signal = abortOnClientGone(res)
  const params = {
    model: body.model,
    messages: openAiMessages(body),
    // No limit given: generate until EOS or the end of the context, as OpenAI does.
    maxTokens: body.max_completion_tokens ?? body.max_tokens ?? 0,
    temperature: body.temperature ?? OPENAI_DEFAULT_TEMPERATURE,
    seed: body.seed ?? undefined,
    signal,
  }
  const id = `chatcmpl-${randomUUID()}`
  const created = Math.floor(Date.now() / 1000)
  if (!body.stream) {
    const r = await ctx.engine.generate(params)
    return sendJson(res, 200, {
      id, object: 'chat.completion', created, model: ctx.modelId,
      choices: [{ index: 0, message: { role: 'assistant', content: r.content, refusal: null }, logprobs: null, finish_reason: r.finishReason }],
      usage: usageOf(r),
    })
  }
  const includeUsage = body.stream_options?.include_usage === true
  const send = (o: unknown) => res.write(`data: ${JSON.stringify(o)}\n\n`)
  const chunk = (delta: object, finish_reason: string | null = null) => ({
    id, object: 'chat.completion.chunk', created, model: ctx.modelId,
    choices: [{ index: 0, delta, logprobs: null, finish_reason }],
    // With include_usage every chunk carries usage: null and one last chunk carries the numbers (as OpenAI and vLLM do).
    ...(includeUsage ? { usage: null } : {}),
  })
  // Headers go out with the first token, so an error before it (prompt too long …) still gets a JSON status.
  const start = () => {
    if (res.headersSent) return
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' })
    send(chunk({ role: 'assistant', content: '' }))
  }
  let r: GenerateResult
  try {
    r = await ctx.engine.generateStream(params, (text) => {
      start()
      send(chunk({ content: text }))
    })
  } catch (e) {
    if (!res.headersSent) throw e
    // Mid-stream failure: the openai client throws an APIError for a data line with `error`.
    if (!signal.aborted) send(openAiErrorBody(toHttpError(e)))
    return void res.end()
  }
  start()
  send(chunk({}, r.finishReason))
  if (includeUsage) send({ id, object: 'chat.completion.chunk', created, model: ctx.modelId, choices: [], usage: usageOf(r) })
  res.end('data: [DONE]\n\n')
}
