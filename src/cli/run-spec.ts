import type { OptionSpec } from './parse-command.ts'

// `jarvis eval run` / `run-all` options: the spec's table plus the research-only ones. Plain data (help must not
// import the harness). Flags the harness does not implement yet are accepted by name and refused with one line.
export const RUN_OPTIONS: OptionSpec[] = [
  { flags: '-c, --config <path>', help: 'TOML suite (models × benchmarks); -b/-m not needed' },
  { flags: '-b, --benchmark <keys>', help: 'benchmark key(s), comma-separated (jarvis eval list)' },
  { flags: '-m, --model <id>', help: 'model id, .gguf path or hf: URI' },
  { flags: '-n, --max-samples <n>', help: 'samples per benchmark (default: all)' },
  { flags: '-e, --engine <key>', help: 'llamacpp, ollama, vllm, sglang, llamacpp-server, cloud, openai-compatible, … (default: inferred from the model and the environment)' },
  { flags: '--backend <key>', help: 'how a sample is answered (default: jarvis-direct; jarvis eval list shows them)' },
  { flags: '--base-url <url>', help: 'OpenAI-compatible endpoint (env JARVIS_BACKEND_BASE_URL, then OPENAI_BASE_URL)' },
  { flags: '--api-key <key>', help: 'its API key (env JARVIS_BACKEND_API_KEY); never written anywhere' },
  { flags: '-w, --max-workers <n>', help: 'requests in flight per model (default: 4)' },
  { flags: '--seed <n>', help: 'dataset shuffle seed (default: 42)' },
  { flags: '--temperature <t>', help: 'generation temperature (default: 0.0)' },
  { flags: '--max-tokens <n>', help: 'maximum output tokens (default: 2048)' },
  { flags: '--split <name>', help: 'dataset split (default: the benchmark\'s)' },
  { flags: '--model-filter <s>', help: 'only the suite\'s models whose name contains S' },
  { flags: '-t, --test-name-pattern <regex>', help: 'run only the samples whose test name (benchmark @ model record-id) matches; updates the existing results in place' },
  { flags: '--record-ids <ids>', help: 'run only these record ids (comma-separated); updates the existing results in place' },
  { flags: '-o, --output <path>', help: 'JSONL path for a single run (default: {output_dir}/{benchmark}_{model-slug}.jsonl)' },
  { flags: '--output-dir <dir>', help: 'where results go (default: results/)' },
  { flags: '--judge-model <id>', help: 'the LLM judge (default: gpt-5-mini-2025-08-07)' },
  { flags: '--judge-engine <key>', help: 'the judge\'s engine (default: cloud)' },
  { flags: '--query-timeout <s>', help: 'per-sample inference timeout in seconds (cancels the request)' },
  { flags: '--resume', help: 'skip samples already complete in the output', negatable: true },
  { flags: '--retry-errors', help: 'with --resume: run the errored samples again' },
  { flags: '--cache', help: 'on-disk response cache (jarvis eval cache)', negatable: true },
  { flags: '--pull', help: 'pull the container images the selected tasks need (default: refuse when one is missing)' },
  { flags: '--telemetry', help: 'energy, power and utilization per sample (--no-telemetry: off)', negatable: true },
  { flags: '--gpu-metrics', help: 'GPU metrics (--no-gpu-metrics: off)', negatable: true },
  { flags: '--compact', help: 'one dense results table' },
  { flags: '--trace-detail', help: 'after the table, one line per sample step: verdict, latency, TTFT, tokens, error' },
  { flags: '-v, --verbose', help: 'debug lines: resolved settings, engines, chunks, worker events' },
  { flags: '--wandb-project <name>', help: 'Weights & Biases project' },
  { flags: '--wandb-entity <name>', help: 'W&B entity' },
  { flags: '--wandb-tags <tags>', help: 'W&B tags, comma-separated' },
  { flags: '--wandb-group <name>', help: 'W&B group (default: the suite name)' },
  { flags: '--sheets-id <id>', help: 'Google Sheets spreadsheet id' },
  { flags: '--sheets-worksheet <name>', help: 'Google Sheets worksheet' },
  { flags: '--sheets-creds <path>', help: 'Google service-account credentials JSON' },
  // Agents (docs/agents.md); mapped to overrides by agent-options.ts.
  { flags: '--agent <name>', help: 'jarvis-agent: orchestrator (default), simple or react' },
  { flags: '--tools <list>', help: 'jarvis-agent: calculator, file_read, file_write, ls, code_interpreter, web_search, web_fetch, think, mcp:<command …> (comma-separated)' },
  { flags: '--max-turns <n>', help: 'model turns per sample for agents (default: 10)' },
  { flags: '--token-budget <n>', help: 'completion tokens per sample over all turns (default: none)' },
  { flags: '--agentic', help: 'agent-level run (jarvis-agent), one sample at a time unless --concurrency; it scores' },
  { flags: '--concurrency <n>', help: 'samples in flight per benchmark (default: from --max-workers; 1 with --agentic)' },
  { flags: '--episode-mode', help: "an episode's samples in order, earlier successes as examples (default: on for benchmarks with episodes)", negatable: true },
]

export const RUN_EPILOG = `Environment: JARVIS_BACKEND_BASE_URL / OPENAI_BASE_URL (endpoint when no engine is given), JARVIS_BACKEND_API_KEY,
HF_TOKEN (gated datasets), OPENAI_API_KEY / ANTHROPIC_API_KEY / GEMINI_API_KEY (cloud models and the judge).
External agents: OPENCLAW_PATH / OPENCLAW_NODE / OPENCLAW_TOOLS (--backend openclaw), HERMES_AGENT_PATH /
HERMES_AGENT_PYTHON (--backend hermes), JARVIS_ALLOW_COMMIT_DRIFT=1 (run a version other than the pinned one).
Exit codes: 0 ok · 1 crash · 2 bad input · 4 a run where no sample could be scored · 130 interrupted (Ctrl-C).`
