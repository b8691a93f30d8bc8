#!/usr/bin/env node
// A stand-in of OpenClaw 2026.9.6's headless contract, for the openclaw backend's tests (the real one needs Node 24
// and 0.9 GB; its live test is test/backends/openclaw-live.test.ts). Like the real `agent exec`, it:
//   takes `agent exec --config <file> --cwd <dir> --json --message-file - [--timeout s]`, reads the prompt on stdin,
//   reads models.providers.<p> {baseUrl, apiKey, models[0]} and agents.defaults {model.primary, models[ref].params},
//   calls POST <baseUrl>/chat/completions streaming with include_usage, Bearer <apiKey>, temperature and
//   max_completion_tokens, and prints the agent-exec envelope (exit 0 ok, 1 error, 2 timeout).
// It also writes what it was given to <cwd>/standin-record.json (argv, env, config, prompt length and hash).
// A directive in the prompt scripts a failure: STANDIN:error, STANDIN:timeout, STANDIN:crash, STANDIN:garbage,
// STANDIN:invalid, STANDIN:hang, STANDIN:no-model, STANDIN:two-calls, STANDIN:leak.
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const argv = process.argv.slice(2)
const flag = (name) => {
  const i = argv.indexOf(name)
  return i >= 0 ? argv[i + 1] : undefined
}
if (argv[0] !== 'agent' || argv[1] !== 'exec' || !argv.includes('--json') || flag('--message-file') !== '-') {
  process.stderr.write(`openclaw stand-in: expected agent exec --json --message-file -, got ${argv.join(' ')}\n`)
  process.exit(1)
}
const cwd = flag('--cwd')
const config = JSON.parse(readFileSync(flag('--config'), 'utf8'))
const prompt = readFileSync(0, 'utf8')
const [providerId, provider] = Object.entries(config.models.providers)[0]
const ref = config.agents.defaults.model.primary
const params = config.agents.defaults.models?.[ref]?.params ?? {}
const model = provider.models[0]
writeFileSync(join(cwd, 'standin-record.json'), JSON.stringify({ argv, env: process.env, config, cwd: process.cwd(), promptLength: prompt.length, promptSha256: createHash('sha256').update(prompt).digest('hex') }, null, 2))

const has = (d) => prompt.includes(`STANDIN:${d}`)
const envelope = (e) => process.stdout.write(`${JSON.stringify({ codeModeEngaged: false, model: model.id, provider: providerId, sessionId: 'standin-session', ...e }, null, 2)}\n`)
const fail = (status, message, kind) => {
  envelope({ ok: false, status, final: '', payloads: [], error: { message, kind } })
  process.stderr.write(`${message}\n`)
  process.exit(status === 'timeout' ? 2 : 1)
}

if (has('crash')) {
  process.stderr.write('FATAL stand-in crash: something broke\n')
  process.exit(3)
}
if (has('garbage')) {
  process.stdout.write('this is not an envelope\n')
  process.exit(0)
}
if (has('invalid')) {
  process.stdout.write('{"ok": true}\n')
  process.exit(0)
}
if (has('hang')) setInterval(() => {}, 1000)
else if (has('timeout')) fail('timeout', 'Agent run timed out', 'timeout')
else if (has('error')) fail('error', 'Agent run failed: boom', 'agent_error')
else if (has('leak')) fail('error', `provider refused key ${provider.apiKey}`, 'agent_error')
else if (has('no-model')) envelope({ ok: true, status: 'ok', final: 'answered without a model', payloads: [{ text: 'answered without a model', mediaUrl: null }] })
else await run()

async function call(messages) {
  const res = await fetch(`${provider.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${provider.apiKey}` },
    body: JSON.stringify({ model: model.id, messages, stream: true, stream_options: { include_usage: true }, ...(params.temperature !== undefined ? { temperature: params.temperature } : {}), max_completion_tokens: params.maxTokens ?? model.maxTokens }),
  }).catch((e) => fail('error', `LLM request failed: ${e.cause?.code ?? e.message}`, 'agent_error'))
  if (!res.ok) fail('error', `LLM request failed: HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`, 'agent_error')
  let content = ''
  let usage = { prompt_tokens: 0, completion_tokens: 0 }
  for (const line of (await res.text()).split('\n')) {
    if (!line.startsWith('data: ') || line === 'data: [DONE]') continue
    const chunk = JSON.parse(line.slice(6))
    content += chunk.choices?.[0]?.delta?.content ?? ''
    if (chunk.usage) usage = chunk.usage
  }
  return { content, usage }
}

async function run() {
  const system = { role: 'system', content: 'You are a personal assistant running inside OpenClaw (stand-in).' }
  const first = await call([system, { role: 'user', content: prompt }])
  const calls = [first]
  if (has('two-calls')) calls.push(await call([system, { role: 'user', content: prompt }, { role: 'assistant', content: first.content }, { role: 'user', content: 'Continue.' }]))
  const final = calls.at(-1).content
  const input = calls.reduce((n, c) => n + c.usage.prompt_tokens, 0)
  const output = calls.reduce((n, c) => n + c.usage.completion_tokens, 0)
  envelope({
    ok: true, status: 'ok', final, payloads: [{ text: final, mediaUrl: null }],
    usage: { input, output, cacheRead: 0, cacheWrite: 0, total: input + output, cost: { total: 0 } },
    assistantTurns: calls.length, toolSummary: { calls: 0, tools: [], failures: 0 },
  })
}
