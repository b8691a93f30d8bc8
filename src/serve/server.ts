// `jarvis serve`'s HTTP server: OpenAI (/v1/…) and Ollama (/api/…) APIs over one StreamingEngine, with node:http.
// Requests run concurrently; the engine bounds how many decode at once (llama.cpp context sequences) and queues the rest.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { StreamingEngine } from '../engines/llama-cpp.ts'
import { HttpError, openAiErrorBody, sendJson, toHttpError } from './http-io.ts'
import { listTags, ollamaChat } from './ollama-routes.ts'
import { chatCompletions, listModels, modelCard, unknownModel, type ServeContext } from './openai-routes.ts'

export interface ServerOptions {
  engine: StreamingEngine
  /** The id clients must send as `model` (and that /v1/models and /api/tags list). */
  modelId: string
  host?: string
  /** 0 picks a free port. */
  port?: number
}

export interface RunningServer {
  /** http://HOST:PORT, without a trailing slash. */
  url: string
  /** Stops listening and drops open connections (in-flight generations are aborted); the engine stays open. */
  close(): Promise<void>
}

type Route = (ctx: ServeContext, req: IncomingMessage, res: ServerResponse) => void | Promise<void>

const ROUTES: Record<string, Record<string, Route>> = {
  '/v1/models': { GET: (ctx, _req, res) => listModels(ctx, res) },
  '/v1/chat/completions': { POST: chatCompletions },
  '/api/tags': { GET: (ctx, _req, res) => listTags(ctx, res) },
  '/api/chat': { POST: ollamaChat },
  '/health': { GET: (ctx, _req, res) => sendJson(res, 200, { status: 'ok', model: ctx.modelId }) },
}

function route(path: string, method: string): Route {
  const m = /^\/v1\/models\/(.+)$/.exec(path)
  if (m && method === 'GET') {
    const id = decodeURIComponent(m[1])
    return (ctx, _req, res) => (id === ctx.modelId ? sendJson(res, 200, modelCard(ctx)) : Promise.reject(unknownModel(id)))
  }
  const byMethod = ROUTES[path]
  if (!byMethod) throw new HttpError(404, `Invalid URL (${method} ${path}).`, 'unknown_url')
  const handler = byMethod[method]
  if (!handler) throw new HttpError(405, `${method} is not allowed on ${path}; use ${Object.keys(byMethod).join(' or ')}.`, 'method_not_allowed')
  return handler
}

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const ctx: ServeContext = { engine: opts.engine, modelId: opts.modelId, created: Math.floor(Date.now() / 1000) }
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    try {
      await route(path, req.method ?? 'GET')(ctx, req, res)
    } catch (e) {
      const err = toHttpError(e)
      if (res.headersSent) return void res.end()
      // Ollama's API answers {error: "…"}; OpenAI's {error: {message, type, param, code}}.
      sendJson(res, err.status, path.startsWith('/api/') ? { error: err.message } : openAiErrorBody(err))
    }
  })
  const host = opts.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()))
        server.closeAllConnections()
      }),
  }
}
