import type { CommandSpec } from './parse-command.ts'
import { RUN_EPILOG, RUN_OPTIONS } from './run-spec.ts'

// Every command's name, usage and option table: `jarvis --help` and each `--help` are generated from these.
// Plain data plus a lazy `load`, so help never imports the harness.

export const EVAL_SPECS = {
  list: {
    path: 'jarvis eval list',
    summary: 'list benchmarks and backends',
    usage: '[--ready] [--json]',
    options: [
      { flags: '--ready', help: 'only the benchmarks that are ready' },
      { flags: '--json', help: 'machine-readable output' },
    ],
    load: async () => (await import('./commands/list.ts')).listCommand,
  },
  run: {
    path: 'jarvis eval run',
    summary: 'run benchmarks on models (flags or -c suite.toml)',
    usage: '(-c SUITE.toml | -b BENCHMARK -m MODEL) [options]',
    options: RUN_OPTIONS,
    epilog: RUN_EPILOG,
    load: async () => (await import('./commands/run.ts')).runCommand,
  },
  'run-all': {
    path: 'jarvis eval run-all',
    summary: 'run every ready benchmark on one model',
    usage: '-m MODEL [-n N] [--output-dir DIR] [run options]',
    options: RUN_OPTIONS.filter((o) => !/--(config|benchmark|test-name-pattern|record-ids) /.test(`${o.flags} `)),
    epilog: RUN_EPILOG,
    load: async () => (await import('./commands/run-all.ts')).runAllCommand,
  },
  summarize: {
    path: 'jarvis eval summarize',
    summary: 'print the totals of a results JSONL',
    usage: 'RESULTS.jsonl',
    options: [],
    load: async () => (await import('./commands/summarize.ts')).summarizeCommand,
  },
  compare: {
    path: 'jarvis eval compare',
    summary: 'compare result files side by side, with confidence intervals',
    usage: 'A.jsonl B.jsonl … [--metric accuracy] [--html OUT.html]',
    options: [
      { flags: '--metric <name>', help: 'a summary metric or a numeric JSONL field (default: accuracy)' },
      { flags: '--html <path>', help: 'also write an HTML report' },
    ],
    load: async () => (await import('./commands/compare.ts')).compareCommand,
  },
  report: {
    path: 'jarvis eval report',
    summary: 'detailed report of one run (text or --html)',
    usage: 'FILE.jsonl [--html OUT.html]',
    options: [{ flags: '--html <path>', help: 'also write an HTML report' }],
    load: async () => (await import('./commands/report.ts')).reportCommand,
  },
  gate: {
    path: 'jarvis eval gate',
    summary: 'fail when a candidate regresses significantly against a baseline',
    usage: '--baseline BASE.jsonl --candidate CAND.jsonl [options]',
    options: [
      { flags: '--baseline <path>', help: 'the baseline results JSONL (required)' },
      { flags: '--candidate <path>', help: 'the candidate results JSONL (required)' },
      { flags: '--max-drop <fraction>', help: 'largest accuracy drop allowed (default: 0.02)' },
      { flags: '--alpha <p>', help: 'significance level of the paired test (default: 0.05)' },
      { flags: '--allow-mismatch', help: 'compare runs with different samples or settings' },
      { flags: '--json', help: 'print the verdict as JSON' },
    ],
    epilog: 'Exit codes: 0 pass · 2 bad input · 3 gate failed (a significant regression).',
    load: async () => (await import('./commands/gate.ts')).gateCommand,
  },
  merge: {
    path: 'jarvis eval merge',
    summary: 'merge shard JSONLs of one run into one file + summary',
    usage: '-o OUT.jsonl A.jsonl B.jsonl …',
    options: [{ flags: '-o, --output <path>', help: 'the merged JSONL (required; an existing one is kept aside)' }],
    load: async () => (await import('./commands/merge.ts')).mergeCommand,
  },
  cache: {
    path: 'jarvis eval cache',
    summary: 'show or clear the --cache response cache',
    usage: 'info|clear',
    options: [],
    epilog: 'info: how many responses are cached and their size; clear: delete them. JARVIS_CACHE_DIR moves the cache.',
    load: async () => (await import('./commands/cache.ts')).cacheCommand,
  },
  'reparse-judge': {
    path: 'jarvis eval reparse-judge',
    summary: 're-parse stored judge replies and rescore, no model calls',
    usage: 'RESULTS.jsonl [--out PATH | --in-place]',
    options: [
      { flags: '-o, --out <path>', help: 'where the rescored JSONL goes (default: RESULTS.reparsed.jsonl)' },
      { flags: '--in-place', help: 'rewrite RESULTS.jsonl (the original is kept once as RESULTS.jsonl.bak)' },
    ],
    epilog: `Re-reads the judge replies stored in a results file with the current parsers and rewrites is_correct,
score and scoring_metadata; no model is called. The new summary is written beside the output.
Running it again on its own output changes nothing.`,
    load: async () => (await import('./commands/reparse-judge.ts')).reparseJudgeCommand,
  },
} satisfies Record<string, CommandSpec>

export const SERVE_SPEC: CommandSpec = {
  path: 'jarvis serve',
  summary: 'serve a GGUF model over OpenAI- and Ollama-compatible HTTP',
  usage: '-m MODEL [options]',
  options: [
    { flags: '-m, --model <model>', help: '.gguf path or node-llama-cpp model URI (required)' },
    { flags: '--port <n>', help: 'port to listen on (default: 8080; 0 picks a free one)' },
    { flags: '--host <host>', help: 'address to bind (default: 127.0.0.1)' },
    { flags: '--threads <n>', help: 'llama.cpp threads (default: cores − 1, from 1 to 4: one core stays with Node)' },
    { flags: '--parallel <n>', help: 'requests decoded at once; more wait in a queue (default: 1)' },
    { flags: '--ctx-size <n>', help: 'tokens per request slot (default: what memory allows, at most 8192)' },
    { flags: '--alias <name>', help: 'model id to report (default: the file name without .gguf)' },
    { flags: '--cpu', help: 'do not use a GPU even if one is found' },
    { flags: '--cache-dir <dir>', help: 'where hf: models are cached (default: ~/.node-llama-cpp/models)' },
    { flags: '-v, --verbose', help: 'print llama.cpp warnings and the device chosen' },
  ],
  epilog: 'Serves /v1/chat/completions, /v1/models, /api/chat and /api/tags until SIGINT or SIGTERM.',
  load: async () => (await import('./commands/serve.ts')).serveCommand,
}

export type EvalCommandName = keyof typeof EVAL_SPECS
