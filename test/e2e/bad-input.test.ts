import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { writeHubFixtures } from '../support/dataset-fixtures.ts'
import { startFakeHub, type FakeHub } from '../support/fake-hub.ts'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'
import { quizAnswer, writeQuiz, writeQuizSuite } from '../support/quiz-suite.ts'
import { runJarvis } from '../support/run-process.ts'

// Bad input: one clear line (what, where, how to fix), exit 2, before any model call, nothing overwritten.

let dir: string
let api: FakeOpenAI
let hub: FakeHub
let quiz: string
let out: string
const EXISTING = '{"record_id":"keep-me"}\n'

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-bad-'))
  quiz = writeQuiz(dir, 4)
  api = await startFakeOpenAI({ models: ['test-model', 'other-model'], answer: quizAnswer })
  await writeHubFixtures(join(dir, 'hub'))
  hub = await startFakeHub({ root: join(dir, 'hub'), gated: ['Idavidrein/gpqa'], token: 'hf_goodtoken0123456789abcdefgh' })
  out = join(dir, 'out')
  mkdirSync(out)
  writeFileSync(join(out, 'quiz_test-model.jsonl'), EXISTING)
  writeFileSync(join(dir, 'a-file'), 'not a folder')
})
afterAll(async () => {
  await api?.close()
  await hub?.close()
})

const toml = (name: string, text: string) => {
  const p = join(dir, `${name}.toml`)
  writeFileSync(p, text)
  return p
}

type Case = [name: string, args: () => string[]]
const cases: Case[] = [
  ['malformed TOML', () => ['eval', 'run', '-c', toml('malformed', '[[models]]\nname = "x\n')]],
  ['unknown key with a did-you-mean', () => ['eval', 'run', '-c', toml('typo', '[run]\nmax_worker = 2\n[[models]]\nname = "m"\n[[benchmarks]]\nname = "supergpqa"\n')]],
  ['wrong type', () => ['eval', 'run', '-c', toml('type', '[[models]]\nname = "m"\ntemperature = "hot"\n[[benchmarks]]\nname = "supergpqa"\n')]],
  ['unknown benchmark in a suite', () => ['eval', 'run', '-c', toml('unknown', '[[models]]\nname = "m"\n[[benchmarks]]\nname = "gpqa-diamnd"\n')]],
  ['unknown benchmark flag', () => ['eval', 'run', '-b', 'supergpqaa', '-m', 'test-model']],
  ['benchmark run by an external harness, missing here', () => ['eval', 'run', '-b', 'workarena', '-m', 'test-model']],
  ['unknown option', () => ['eval', 'run', '-b', 'supergpqa', '-m', 'test-model', '--max-sample', '3']],
  ['bad -n', () => ['eval', 'run', '-b', 'supergpqa', '-m', 'test-model', '-n', 'ten']],
  ['missing -b/-m', () => ['eval', 'run', '-m', 'test-model']],
  ['unknown engine', () => ['eval', 'run', '-b', 'supergpqa', '-m', 'test-model', '-e', 'vlm']],
  ['agent without an agent backend', () => ['eval', 'run', '-b', 'supergpqa', '-m', 'test-model', '--agent', 'orchestrator']],
  ['tools without an agent backend', () => ['eval', 'run', '-b', 'supergpqa', '-m', 'test-model', '--tools', 'calculator,file_read']],
  ['unknown tool', () => ['eval', 'run', '-b', 'supergpqa', '-m', 'test-model', '--backend', 'jarvis-agent', '--tools', 'calculater']],
  ['unknown agent', () => ['eval', 'run', '-b', 'supergpqa', '-m', 'test-model', '--backend', 'jarvis-agent', '--agent', 'reflexion']],
  ['web tools without a search provider', () => ['eval', 'run', '-b', 'supergpqa', '-m', 'test-model', '--backend', 'jarvis-agent', '--tools', 'web_search']],
  ['--agentic with a one-call backend', () => ['eval', 'run', '-b', 'supergpqa', '-m', 'test-model', '--agentic', '--backend', 'jarvis-direct']],
  ['MCP server that does not start', () => ['eval', 'run', '-b', 'supergpqa', '-m', 'test-model', '--base-url', `${api.url}/v1`, '--output-dir', out, '--backend', 'jarvis-agent', '--tools', `mcp:${process.execPath} -e process.exit(1)`]],
  ['-o with several runs', () => ['eval', 'run', '-b', 'supergpqa,gpqa', '-m', 'test-model', '-o', join(dir, 'x.jsonl')]],
  ['model not served', () => ['eval', 'run', '-c', writeQuizSuite(dir, { name: 'notserved', baseUrl: `${api.url}/v1`, model: 'qwen3-8b-instruct', quiz, out })]],
  ['unreachable endpoint', () => ['eval', 'run', '-c', writeQuizSuite(dir, { name: 'down', baseUrl: 'http://127.0.0.1:9/v1', quiz, out })]],
  ['missing gated-dataset token', () => ['eval', 'run', '-b', 'gpqa', '-m', 'test-model', '--base-url', `${api.url}/v1`, '--output-dir', out]],
  ['custom dataset file missing', () => ['eval', 'run', '-c', writeQuizSuite(dir, { name: 'nofile', baseUrl: `${api.url}/v1`, quiz: join(dir, 'nope.jsonl'), out })]],
  ['unwritable output dir', () => ['eval', 'run', '-c', writeQuizSuite(dir, { name: 'unwritable', baseUrl: `${api.url}/v1`, quiz, out: join(dir, 'a-file', 'results') })]],
  ['results file for summarize missing', () => ['eval', 'summarize', join(dir, 'none.jsonl')]],
]

const normalize = (s: string) =>
  s
    .replaceAll(dir, '<tmp>')
    .replaceAll(process.execPath, 'node')
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT')
    .trim()

describe('bad input: exit 2, one line, nothing touched', () => {
  const messages: Record<string, string> = {}
  test.each(cases)('%s', async (name, args) => {
    const before = api.requests.filter((r) => r.path === '/v1/chat/completions').length
    const res = await runJarvis(args(), { HF_ENDPOINT: hub.url, HF_HOME: join(dir, 'hf'), JARVIS_QUIET: '1' })
    expect(res.code, res.stdout + res.stderr).toBe(2)
    const err = res.stderr.trim().split('\n').filter((l) => !l.startsWith('Downloading'))
    expect(err, res.stderr).toHaveLength(1)
    expect(err[0]).toMatch(/^jarvis: /)
    expect(res.stderr).not.toMatch(/\n\s+at /) // no stack trace
    expect(api.requests.filter((r) => r.path === '/v1/chat/completions').length).toBe(before) // no model call
    expect(readFileSync(join(out, 'quiz_test-model.jsonl'), 'utf8')).toBe(EXISTING)
    expect(readdirSync(out).filter((f) => f.includes('.prev-'))).toEqual([])
    messages[name] = normalize(err[0])
  })

  test('the messages say what, where and how to fix', () => {
    expect(messages).toMatchInlineSnapshot(`
      {
        "--agentic with a one-call backend": "jarvis: --agentic runs an agent, but --backend jarvis-direct makes one model call per sample; drop one of them.",
        "-o with several runs": "jarvis: -o/--output names one file, but this run has 2 (model, benchmark) runs; use --output-dir instead.",
        "MCP server that does not start": "jarvis: MCP server "node -e process.exit(1)" did not start: MCP error -32000: Connection closed. Check the command (it must speak MCP over stdio).",
        "agent without an agent backend": "jarvis: --agent: backend "jarvis-direct" takes no agent. Use --backend jarvis-agent to run agent "orchestrator".",
        "bad -n": "jarvis: --max-samples "ten": expected a positive integer.",
        "benchmark run by an external harness, missing here": "jarvis: workarena needs SNOW_INSTANCE_URL, Python browsergym.workarena: a ServiceNow instance is needed: set SNOW_INSTANCE_URL to its URL. WorkArena runs against your own instance (https://github.com/ServiceNow/WorkArena#getting-started; SNOW_INSTANCE_UNAME and SNOW_INSTANCE_PWD log in). Python package browsergym.workarena: python3 -c "import browsergym.workarena" failed (ModuleNotFoundError: No module named 'browsergym'). pip install browsergym-workarena && playwright install chromium, and point JARVIS_WORKARENA_PYTHON at that Python.",
        "custom dataset file missing": "jarvis: [[benchmarks]] "quiz" dataset: file <tmp>/nope.jsonl not found. Fix [benchmarks.dataset] path (relative paths start at the TOML file's folder).",
        "malformed TOML": "jarvis: <tmp>/malformed.toml (line 2, column 10): malformed TOML: Invalid TOML document: control characters are not allowed in strings. Fix the syntax at that place.",
        "missing -b/-m": "jarvis: jarvis eval run needs -b BENCHMARK and -m MODEL, or -c SUITE.toml. Run jarvis eval run --help.",
        "missing gated-dataset token": "jarvis: Dataset Idavidrein/gpqa is gated: the Hub refused access without a token (401). Accept its terms at http://127.0.0.1:PORT/datasets/Idavidrein/gpqa and set HF_TOKEN to a token of that account.",
        "model not served": "jarvis: openai-compatible at http://127.0.0.1:PORT/v1 does not serve "qwen3-8b-instruct" (it has test-model, other-model). Fix -m/[[models]].name or load the model on the server.",
        "results file for summarize missing": "jarvis: <tmp>/none.jsonl: no such results file. Check the path, or run jarvis eval run first.",
        "tools without an agent backend": "jarvis: --tools: tools need an agent backend, and backend "jarvis-direct" makes one model call. Add --backend jarvis-agent (or backend = "jarvis-agent" in [[benchmarks]]).",
        "unknown agent": "jarvis: --agent: unknown agent "reflexion". Agents: orchestrator, simple, react.",
        "unknown benchmark flag": "jarvis: -b/--benchmark "supergpqaa": unknown benchmark. Did you mean "gpqa" or "supergpqa"? Run jarvis eval list.",
        "unknown benchmark in a suite": "jarvis: <tmp>/unknown.toml [[benchmarks]] #1: unknown benchmark "gpqa-diamnd". Did you mean "gpqa"? Run jarvis eval list.",
        "unknown engine": "jarvis: -e/--engine: unknown engine "vlm". Did you mean "vllm" or "mlx"? Engines: openai-compatible, cloud, ollama, llamacpp, vllm, sglang, llamacpp-server, mlx, lmstudio, exo, nexa, lemonade.",
        "unknown key with a did-you-mean": "jarvis: <tmp>/typo.toml [run]: unknown key "max_worker". Did you mean "max_workers"?",
        "unknown option": "jarvis: jarvis eval run: unknown option --max-sample. Did you mean "--max-samples"? Run jarvis eval run --help.",
        "unknown tool": "jarvis: --tools: unknown tool "calculater". Did you mean "calculator"? Tools: calculator, file_read, file_write, ls, code_interpreter, web_search, web_fetch, think, shell, browser_navigate, browser_click, browser_type, browser_read, or mcp:<command> for an MCP server.",
        "unreachable endpoint": "jarvis: openai-compatible at http://127.0.0.1:PORT/v1 is not reachable (no answer on GET /v1/models). Start the server or fix --base-url / the engine host.",
        "unwritable output dir": "jarvis: output directory <tmp>/a-file/results is not writable. Choose another with --output-dir/-o or [run] output_dir.",
        "web tools without a search provider": "jarvis: --tools: web_search and web_fetch need a search provider: set JARVIS_SEARXNG_URL=http://host:8080 (a SearXNG instance with the json format enabled) or JARVIS_SEARCH_CORPUS=corpus.jsonl (lines of {"url", "title", "text"}).",
        "wrong type": "jarvis: <tmp>/type.toml [[models]] #1 key "temperature": expected number, got "hot". Fix the value's type.",
      }
    `)
  })
})
