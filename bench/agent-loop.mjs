#!/usr/bin/env node
// The agent loop's own overhead per turn: the jarvis-agent backend (AgentRun + orchestrator over the worker's
// engine stack: OpenAICompatibleEngine → limited → model-checked) against a bare tool loop (the `openai` client
// streaming with tools, deltas assembled, the tool run, messages appended — nothing else), over the same scripted
// server (test/support/fake-openai.ts) answering with real tool_calls. Rounds alternate so drift hits both alike.
//
//   node bench/agent-loop.mjs [--samples 200] [--turns 4] [--concurrency 8] [--rounds 5] [--latency-ms 0]
//
// Prints one line per path and round, then a JSON line: ms per turn for both, the overhead and the ratio.
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { createServer } from 'vite'
import { ViteNodeRunner } from 'vite-node/client'
import { ViteNodeServer } from 'vite-node/server'

const { values: opt } = parseArgs({
  options: {
    samples: { type: 'string', default: '200' },
    turns: { type: 'string', default: '4' },
    concurrency: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '5' },
    'latency-ms': { type: 'string', default: '0' },
  },
})
const S = Number(opt.samples), T = Number(opt.turns), C = Number(opt.concurrency), ROUNDS = Number(opt.rounds)

const root = fileURLToPath(new URL('..', import.meta.url))
const vite = await createServer({ root, configFile: false, logLevel: 'error', optimizeDeps: { noDiscovery: true, include: [] }, server: { hmr: false, watch: null } })
const node = new ViteNodeServer(vite, { deps: { external: [/node_modules/] } })
const runner = new ViteNodeRunner({ root, base: vite.config.base, fetchModule: (id) => node.fetchModule(id), resolveId: (id, imp) => node.resolveId(id, imp) })
const load = (path) => runner.executeFile(`${root}${path}`)
const { startFakeOpenAI } = await load('test/support/fake-openai.ts')
const { OpenAICompatibleEngine } = await load('src/engines/openai-compatible.ts')
const { checkedEngine, limitedEngine } = await load('src/engines/limited.ts')
const { JarvisAgentBackend } = await load('src/backends/jarvis-agent.ts')
const { nodeFetch } = await load('src/engines/node-fetch.ts')
const { default: OpenAI } = await import('openai')

// T-1 tool turns, then the answer: the script counts the tool results already in the conversation.
const api = await startFakeOpenAI({
  models: ['bench-model'],
  latencyMs: Number(opt['latency-ms']),
  answer: (_p, body) => {
    const done = body.messages.filter((m) => m.role === 'tool').length
    return done < T - 1 ? { toolCalls: [{ name: 'lookup', arguments: { key: `k${done}` } }] } : `The answer is ${done}`
  },
})
const spec = { name: 'lookup', description: 'Look a key up', parameters: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] } }
const lookup = async (args) => `value of ${args.key}`
const tool = { spec, call: async (args) => ({ content: await lookup(args) }) }
const question = (i) => [{ role: 'user', content: `Sample ${i}: look up the keys, then answer.` }]

const pool = async (n, fn) => {
  let next = 0
  await Promise.all(Array.from({ length: C }, async () => { while (next < n) await fn(next++) }))
}

// The bare loop: what any tool-calling client has to do, and no more (same client, same fetch as the engine).
const client = new OpenAI({ baseURL: `${api.url}/v1`, apiKey: 'bench', maxRetries: 0, fetch: nodeFetch })
const bareSample = async (i) => {
  const messages = question(i)
  for (let turn = 0; turn < 10; turn++) {
    const stream = await client.chat.completions.create({ model: 'bench-model', messages, temperature: 0, max_tokens: 64, tools: [{ type: 'function', function: spec }], stream: true, stream_options: { include_usage: true } })
    let content = ''
    const calls = []
    for await (const c of stream) {
      const d = c.choices[0]?.delta
      if (d?.content) content += d.content
      for (const t of d?.tool_calls ?? []) {
        const x = (calls[t.index] ??= { id: '', name: '', args: '' })
        if (t.id) x.id = t.id
        if (t.function?.name) x.name += t.function.name
        if (t.function?.arguments) x.args += t.function.arguments
      }
    }
    if (!calls.length) return content
    messages.push({ role: 'assistant', content: null, tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.args } })) })
    for (const c of calls) messages.push({ role: 'tool', tool_call_id: c.id, content: await lookup(JSON.parse(c.args)) })
  }
}

const engine = checkedEngine(limitedEngine(new OpenAICompatibleEngine({ key: 'openai-compatible', baseUrl: api.url, maxRetries: 0 }), C), 'bench-model')
const backend = new JarvisAgentBackend(engine, 'bench-model', 'orchestrator')
const task = (i) => ({ record: { record_id: `s${i}`, problem: '', reference: '', category: 'agentic', subject: 'bench', metadata: {} }, messages: question(i), generation: { temperature: 0, maxTokens: 64 }, tools: [tool], environment: null, limits: { maxTurns: 10, timeoutS: null, tokenBudget: null } })
const agentSample = async (i) => {
  const a = await backend.solve(task(i), {})
  if (a.error || a.turns.length !== T) throw new Error(`agent sample ${i}: ${a.error?.message ?? `${a.turns.length} turns`}`)
  return a.answer
}

const paths = { bare: bareSample, agent: agentSample }
// Warm both paths (connections, JIT) with a full round each before measuring.
await pool(S, bareSample)
await pool(S, agentSample)
// Wall time per turn, and CPU time per turn (this process: client, loop and the fake server alike for both
// paths), which a busy shared machine disturbs less than wall time.
const wall = { bare: [], agent: [] }
const cpu = { bare: [], agent: [] }
for (let r = 0; r < ROUNDS; r++) {
  for (const name of r % 2 ? ['agent', 'bare'] : ['bare', 'agent']) {
    const t0 = performance.now()
    const c0 = process.cpuUsage()
    await pool(S, paths[name])
    const c = process.cpuUsage(c0)
    wall[name].push((performance.now() - t0) / (S * T))
    cpu[name].push((c.user + c.system) / 1000 / (S * T))
    console.log(`round ${r + 1} ${name.padEnd(5)} ${S} samples × ${T} turns, concurrency ${C}: ${wall[name].at(-1).toFixed(3)} ms wall, ${cpu[name].at(-1).toFixed(3)} ms CPU per turn`)
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const f = (x) => +x.toFixed(4)
const [bw, aw, bc, ac] = [median(wall.bare), median(wall.agent), median(cpu.bare), median(cpu.agent)]
console.log(JSON.stringify({ samples: S, turns: T, concurrency: C, latency_ms: Number(opt['latency-ms']), bare_wall_ms_per_turn: f(bw), agent_wall_ms_per_turn: f(aw), wall_ratio: +(aw / bw).toFixed(3), bare_cpu_ms_per_turn: f(bc), agent_cpu_ms_per_turn: f(ac), cpu_overhead_ms_per_turn: f(ac - bc), cpu_ratio: +(ac / bc).toFixed(3) }))
await api.close()
await vite.close()
