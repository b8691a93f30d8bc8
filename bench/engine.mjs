#!/usr/bin/env node
// Tokens/s of the embedded llama.cpp engine vs the same engine behind `jarvis serve`'s HTTP server and the real
// `openai` client (streaming with include_usage, as the openai-compatible engine calls it). Same prompts, same
// process, rounds alternate so drift hits both paths alike. The ratio is the HTTP path's cost.
//
//   node bench/engine.mjs [--model PATH|hf:URI] [--requests 24] [--concurrency 1] [--max-tokens 64] [--rounds 3]
//                         [--threads 1] [--gpu]
//
// Prints one line per path and a final JSON line. TypeScript sources load through vite-node (no build step).
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { createServer } from 'vite'
import { ViteNodeRunner } from 'vite-node/client'
import { ViteNodeServer } from 'vite-node/server'

const { values: opt } = parseArgs({
  options: {
    model: { type: 'string' },
    requests: { type: 'string', default: '24' },
    concurrency: { type: 'string', default: '1' },
    'max-tokens': { type: 'string', default: '64' },
    rounds: { type: 'string', default: '3' },
    threads: { type: 'string', default: '1' },
    gpu: { type: 'boolean', default: false },
  },
})
const N = Number(opt.requests), C = Number(opt.concurrency), MAX = Number(opt['max-tokens']), ROUNDS = Number(opt.rounds)

const root = fileURLToPath(new URL('..', import.meta.url))
const vite = await createServer({ root, configFile: false, logLevel: 'error', optimizeDeps: { noDiscovery: true, include: [] }, server: { hmr: false, watch: null } })
const node = new ViteNodeServer(vite, { deps: { external: [/node_modules/] } })
const runner = new ViteNodeRunner({ root, base: vite.config.base, fetchModule: (id) => node.fetchModule(id), resolveId: (id, imp) => node.resolveId(id, imp) })
const load = (path) => runner.executeFile(`${root}${path}`)
const { createLlamaCppEngine } = await load('src/engines/llama-cpp.ts')
const { startServer } = await load('src/serve/server.ts')
const { TINY_MODEL_PATH } = await load('test/support/tiny-model/tiny-gguf.ts')
const { default: OpenAI } = await import('openai')

const model = opt.model ?? TINY_MODEL_PATH
const engine = createLlamaCppEngine({ model, threads: Number(opt.threads), maxSequences: C, gpu: opt.gpu ? 'auto' : false, contextSize: 2048 })
await engine.checkModel(model)
const info = await engine.info()
const server = await startServer({ engine, modelId: info.modelId })
const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'bench', maxRetries: 0 })
const prompts = Array.from({ length: N }, (_, i) => [{ role: 'user', content: `Request ${i}: please count.` }])

const embedded = async (messages) => {
  const r = await engine.generate({ model, messages, temperature: 0, maxTokens: MAX })
  return { tokens: r.completionTokens, ttft: r.ttftSeconds }
}
const http = async (messages) => {
  const t0 = performance.now()
  let ttft = 0, tokens = 0
  const stream = await client.chat.completions.create({ model: info.modelId, messages, temperature: 0, max_tokens: MAX, stream: true, stream_options: { include_usage: true } })
  for await (const c of stream) {
    if (!ttft && c.choices[0]?.delta.content) ttft = (performance.now() - t0) / 1000
    if (c.usage) tokens = c.usage.completion_tokens
  }
  return { tokens, ttft }
}

/** N requests, at most C in flight; returns tokens/s over the wall time and the mean TTFT. */
async function round(call) {
  const t0 = performance.now()
  let next = 0, tokens = 0, ttft = 0
  await Promise.all(Array.from({ length: C }, async () => {
    while (next < N) {
      const r = await call(prompts[next++])
      tokens += r.tokens
      ttft += r.ttft
    }
  }))
  const wall = (performance.now() - t0) / 1000
  return { tokensPerSecond: tokens / wall, wall, tokens, ttftMs: (ttft / N) * 1000 }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
await round(embedded) // warm-up: first-use allocations, HTTP keep-alive
await round(http)
const runs = { embedded: [], http: [] }
for (let r = 0; r < ROUNDS; r++) {
  runs.embedded.push(await round(embedded))
  runs.http.push(await round(http))
}
const pick = (xs) => xs.find((x) => x.tokensPerSecond === median(xs.map((y) => y.tokensPerSecond)))
const e = pick(runs.embedded), h = pick(runs.http)
const perRequestMs = ((h.wall - e.wall) / N) * 1000
console.log(`model ${info.modelId} on ${info.device}, ${info.threads} thread(s), ${N} requests × ≤${MAX} tokens, concurrency ${C}, median of ${ROUNDS} rounds`)
console.log(`embedded engine   ${e.tokensPerSecond.toFixed(0).padStart(7)} tokens/s   mean TTFT ${e.ttftMs.toFixed(2)} ms`)
console.log(`HTTP + openai     ${h.tokensPerSecond.toFixed(0).padStart(7)} tokens/s   mean TTFT ${h.ttftMs.toFixed(2)} ms`)
console.log(`ratio embedded/HTTP ${(e.tokensPerSecond / h.tokensPerSecond).toFixed(2)}×, HTTP adds ${perRequestMs.toFixed(2)} ms per request`)
console.log(JSON.stringify({
  model: info.modelId, device: info.device, threads: info.threads, requests: N, concurrency: C, maxTokens: MAX, rounds: ROUNDS,
  embedded: { tokensPerSecond: +e.tokensPerSecond.toFixed(1), ttftMs: +e.ttftMs.toFixed(3), tokens: e.tokens },
  http: { tokensPerSecond: +h.tokensPerSecond.toFixed(1), ttftMs: +h.ttftMs.toFixed(3), tokens: h.tokens },
  ratio: +(e.tokensPerSecond / h.tokensPerSecond).toFixed(3), httpOverheadMsPerRequest: +perRequestMs.toFixed(3),
}))
await server.close()
await engine.close()
await vite.close()
