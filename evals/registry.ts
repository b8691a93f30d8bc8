// The one registry of benchmarks: `jarvis eval list`, config validation and the eval files all read it.
// `ready` benchmarks have a folder evals/<key>/ with loader, prompt, scorer and <key>.eval.ts.
import type { ResolvedRun } from '../src/config/resolved-run.ts'
import type { BenchmarkDefinition } from '../src/core/benchmark.ts'
import { JarvisError } from '../src/core/errors.ts'
import type { Requirement } from '../src/core/requirement.ts'
import { SWEBENCH_HARNESS } from '../src/scoring/swe/harness-requirements.ts'
import { TAU2_DATA } from './taubench/data-dir.ts'
import type { SampleResult } from '../src/core/sample-result.ts'
import type { Score } from '../src/core/score.ts'
export type Category = 'reasoning' | 'chat' | 'agentic' | 'coding' | 'rag' | 'use-case' | 'custom'

/** A key of [benchmarks.options]: what it sets, and the environment variable that sets it when the TOML does not. */
export interface BenchmarkOption {
  key: string
  env?: string
  description: string
}

export interface BenchmarkNeeds {
  /** 'always': every sample calls the judge; 'fallback': only when the fast path is unsure. */
  judge: 'always' | 'fallback' | 'never'
  docker?: boolean
  browser?: boolean
  agentTools?: boolean
  /** Runs model-written code (in the sandbox). */
  sandbox?: boolean
  /** Reads a local data directory instead of the Hub. */
  localData?: boolean
  /** The dataset is gated on the Hub: HF_TOKEN is needed. */
  gated?: boolean
  /** Without a judge a keyword heuristic scores it, each such line marked `scoring_metadata.judge: "heuristic"`. */
  heuristic?: boolean
  /** Tools it uses when a backend offers them (jarvis-agent `tools = [...]`); it runs without them too. */
  optionalTools?: readonly string[]
  /** What this machine must have to run it at all (probed in preflight and by `list`). */
  requires?: readonly Requirement[]
  /** What scoring needs; without it the samples run and are unscored, with the reason. */
  scoringRequires?: readonly Requirement[]
  /** The keys [benchmarks.options] takes (validated; a typo is bad input). */
  options?: readonly BenchmarkOption[]
  /** A second model plays the user (taubench): [user_simulator] / [benchmarks.user_simulator] is reached in preflight. */
  userSimulator?: boolean
  /** Run by an external harness that jarvis-evals only probes for: how to run it there. */
  external?: string
  /** The subset a run without --subset gets (requirements tagged with `subsets` are matched against it). */
  defaultSubset?: string
}

export interface BenchmarkEntry {
  key: string
  category: Category
  description: string
  needs: BenchmarkNeeds
  /** Loads the definition lazily, so `list` and validation import nothing heavy. */
  load?: () => Promise<BenchmarkDefinition>
}

const J = { judge: 'always' } as const
const JF = { judge: 'fallback' } as const
const N = { judge: 'never' } as const

const def = (p: Promise<{ default: BenchmarkDefinition }>) => p.then((m) => m.default)

const CONTAINERS: Requirement = { kind: 'container-runtime' }
const DOCKER_ENGINE: Requirement = { kind: 'docker-engine' }
const TERMINAL_BENCH_HARNESS: Requirement[] = [
  { kind: 'python-module', module: 'terminal_bench', pythonEnv: 'JARVIS_TERMINAL_BENCH_PYTHON', install: 'pip install terminal-bench (Python 3.12+), and point JARVIS_TERMINAL_BENCH_PYTHON at its Python.' },
  { kind: 'command', command: 'tmux', install: 'apt-get install tmux.' },
  DOCKER_ENGINE,
]

const LIFELONG_REQUIRES: Requirement[] = [
  { kind: 'mysql-server', subsets: ['db_bench'] },
  { ...CONTAINERS, subsets: ['os_interaction'] },
  {
    kind: 'sparql-endpoint',
    env: 'JARVIS_SPARQL_URL',
    install: 'knowledge_graph needs a Freebase SPARQL endpoint (Virtuoso loaded with the Freebase dump, as LifelongAgentBench and AgentBench use); set JARVIS_SPARQL_URL=http://<host>:8890/sparql.',
    subsets: ['knowledge_graph'],
  },
]

const CHROMIUM: Requirement = { kind: 'chromium' }
const site = (key: string, env: string) => ({ key, env, description: `the ${key} site's URL (WebArena's ${env}), for the ${env === 'SHOPPING_ADMIN' ? '__SHOPPING_ADMIN__' : `__${env}__`} placeholders` })
const WEBCHOREARENA_OPTIONS = [
  { key: 'data_dir', env: 'WEBCHOREARENA_DIR', description: 'a checkout of WebChoreArena/WebChoreArena (default: cloned into the cache)' },
  { key: 'auth_dir', env: 'WEBCHOREARENA_AUTH_DIR', description: "the folder holding .auth/<site>_state.json (default: the checkout's AgentOccam/)" },
  site('shopping', 'SHOPPING'), site('shopping_admin', 'SHOPPING_ADMIN'), site('reddit', 'REDDIT'), site('gitlab', 'GITLAB'), site('wikipedia', 'WIKIPEDIA'), site('map', 'MAP'),
]
const WORKARENA: Requirement[] = [
  { kind: 'service', env: 'SNOW_INSTANCE_URL', what: 'a ServiceNow instance', install: 'WorkArena runs against your own instance (https://github.com/ServiceNow/WorkArena#getting-started; SNOW_INSTANCE_UNAME and SNOW_INSTANCE_PWD log in).' },
  { kind: 'python-module', module: 'browsergym.workarena', pythonEnv: 'JARVIS_WORKARENA_PYTHON', install: 'pip install browsergym-workarena && playwright install chromium, and point JARVIS_WORKARENA_PYTHON at that Python.' },
]

export const BENCHMARKS: readonly BenchmarkEntry[] = [
  // academic
  { key: 'supergpqa', category: 'reasoning', description: 'SuperGPQA graduate-level multiple choice (A–J)', needs: JF, load: () => def(import('./supergpqa/benchmark.ts')) },
  { key: 'gpqa', category: 'reasoning', description: 'GPQA graduate-level MCQ, options shuffled per record', needs: { ...JF, gated: true }, load: () => def(import('./gpqa/benchmark.ts')) },
  { key: 'mmlu-pro', category: 'reasoning', description: 'MMLU-Pro multiple choice (up to 10 options)', needs: JF, load: () => def(import('./mmlu-pro/benchmark.ts')) },
  { key: 'math500', category: 'reasoning', description: 'MATH-500 competition math', needs: JF, load: () => def(import('./math500/benchmark.ts')) },
  { key: 'natural-reasoning', category: 'reasoning', description: 'NaturalReasoning open questions', needs: JF, load: () => def(import('./natural-reasoning/benchmark.ts')) },
  { key: 'hle', category: 'reasoning', description: "Humanity's Last Exam, text-only rows", needs: { ...JF, gated: true }, load: () => def(import('./hle/benchmark.ts')) },
  { key: 'liveresearchbench', category: 'reasoning', description: 'LiveResearchBench checklist coverage (Salesforce)', needs: { ...J, gated: true }, load: () => def(import('./liveresearchbench/benchmark.ts')) },
  { key: 'simpleqa', category: 'chat', description: 'SimpleQA short factual answers', needs: JF, load: () => def(import('./simpleqa/benchmark.ts')) },
  { key: 'ipw', category: 'chat', description: 'Intelligence Per Watt mixed set (local data)', needs: { ...J, localData: true }, load: () => def(import('./ipw/benchmark.ts')) },
  { key: 'wildchat', category: 'chat', description: 'WildChat English single-turn, pairwise judge', needs: J, load: () => def(import('./wildchat/benchmark.ts')) },
  { key: 'frames', category: 'rag', description: 'FRAMES multi-hop factual retrieval', needs: J, load: () => def(import('./frames/benchmark.ts')) },
  { key: 'livecodebench', category: 'coding', description: 'LiveCodeBench competitive programming (sandboxed)', needs: { ...N, sandbox: true }, load: () => def(import('./livecodebench/benchmark.ts')) },
  // agentic
  { key: 'gaia', category: 'agentic', description: 'GAIA multi-step tasks with files and tools', needs: { ...JF, agentTools: true, gated: true }, load: () => def(import('./gaia/benchmark.ts')) },
  { key: 'swebench', category: 'agentic', description: 'SWE-bench Verified patches', needs: { ...N, docker: true, scoringRequires: SWEBENCH_HARNESS }, load: () => def(import('./swebench/benchmark.ts')) },
  { key: 'swefficiency', category: 'agentic', description: 'SWEfficiency optimisation patches (predictions for its harness)', needs: N, load: () => def(import('./swefficiency/benchmark.ts')) },
  { key: 'terminalbench', category: 'agentic', description: 'TerminalBench terminal tasks (Hub rows, judged; no container)', needs: J, load: () => def(import('./terminalbench/benchmark.ts')) },
  {
    key: 'terminalbench-native',
    category: 'agentic',
    description: 'TerminalBench with native Docker execution',
    needs: { ...N, docker: true, agentTools: true, requires: TERMINAL_BENCH_HARNESS, external: 'tb run --dataset-name terminal-bench-core --dataset-version 0.1.1 --agent terminus-2 --model openai/<model>' },
  },
  { key: 'terminalbench-v2.1', category: 'agentic', description: 'TerminalBench v2.1 Harbor-style Docker tasks', needs: { ...N, docker: true, requires: [CONTAINERS] }, load: () => def(import('./terminalbench-v2.1/benchmark.ts')) },
  { key: 'pinchbench', category: 'agentic', description: 'PinchBench real-world agent tasks (a workspace each, grade() in the sandbox)', needs: { ...JF, agentTools: true, sandbox: true, optionalTools: ['web_search', 'web_fetch'] }, load: () => def(import('./pinchbench/benchmark.ts')) },
  {
    key: 'taubench',
    category: 'agentic',
    description: 'TauBench (tau2) multi-turn customer service: airline, retail, telecom, with a simulated user',
    // The judge only for tasks whose reward basis has NL_ASSERTION; the user simulator is a second model.
    needs: { ...JF, agentTools: true, localData: true, userSimulator: true, requires: [TAU2_DATA], options: [{ key: 'data_dir', env: 'TAU2_DATA_DIR', description: 'the data/tau2 folder of a tau2-bench checkout at the pinned commit' }] },
    load: () => def(import('./taubench/benchmark.ts')),
  },
  { key: 'liveresearch', category: 'agentic', description: 'DeepResearchBench report generation, 4-dimension rubric judge', needs: { ...J, optionalTools: ['web_search', 'web_fetch'] }, load: () => def(import('./liveresearch/benchmark.ts')) },
  { key: 'deepresearch', category: 'agentic', description: 'DeepResearchBench (alias of liveresearch)', needs: { ...J, optionalTools: ['web_search', 'web_fetch'] }, load: () => def(import('./deepresearch/benchmark.ts')) },
  { key: 'toolcall15', category: 'agentic', description: 'ToolCall-15 tool calling (mock tools served)', needs: { ...N, agentTools: true }, load: () => def(import('./toolcall15/benchmark.ts')) },
  {
    key: 'lifelong-agent',
    category: 'agentic',
    description: 'LifelongAgentBench: db_bench on MariaDB/MySQL, os_interaction in containers (sequential episodes)',
    needs: { ...N, docker: true, agentTools: true, defaultSubset: 'db_bench', requires: LIFELONG_REQUIRES },
    load: () => def(import('./lifelong-agent/benchmark.ts')),
  },
  { key: 'paperarena', category: 'agentic', description: 'PaperArena scientific paper analysis', needs: { ...J, optionalTools: ['calculator', 'web_search', 'web_fetch'] }, load: () => def(import('./paperarena/benchmark.ts')) },
  { key: 'deepplanning', category: 'agentic', description: 'DeepPlanning shopping constraint planning', needs: { ...J, optionalTools: ['calculator'] }, load: () => def(import('./deepplanning/benchmark.ts')) },
  { key: 'loghub', category: 'agentic', description: 'LogHub log anomaly detection (HDFS sessions, BGL/Thunderbird windows)', needs: JF, load: () => def(import('./loghub/benchmark.ts')) },
  { key: 'ama-bench', category: 'agentic', description: 'AMA-Bench agent memory assessment (episodes)', needs: J, load: () => def(import('./ama-bench/benchmark.ts')) },
  {
    key: 'webchorearena',
    category: 'agentic',
    description: 'WebChoreArena web chores in a headless Chromium on your WebArena sites',
    // The judge only for fuzzy_match answers; the sites are probed in prepare() for the selected tasks.
    needs: { ...JF, browser: true, agentTools: true, requires: [CHROMIUM], options: WEBCHOREARENA_OPTIONS },
    load: () => def(import('./webchorearena/benchmark.ts')),
  },
  {
    key: 'workarena',
    category: 'agentic',
    description: 'WorkArena++ enterprise workflows (needs a ServiceNow instance)',
    needs: { ...N, browser: true, requires: WORKARENA, external: 'BrowserGym / AgentLab with browsergym-workarena against your instance (https://github.com/ServiceNow/WorkArena)' },
  },
  // use cases (synthetic data in the repository: no download)
  { key: 'coding_assistant', category: 'use-case', description: 'Bug-fix coding assistant (tests called in the sandbox)', needs: { ...N, sandbox: true }, load: () => def(import('./coding_assistant/benchmark.ts')) },
  { key: 'security_scanner', category: 'use-case', description: 'Security vulnerability scanner', needs: { ...J, heuristic: true }, load: () => def(import('./security_scanner/benchmark.ts')) },
  { key: 'daily_digest', category: 'use-case', description: 'Daily briefing generation', needs: { ...J, heuristic: true }, load: () => def(import('./daily_digest/benchmark.ts')) },
  { key: 'doc_qa', category: 'use-case', description: 'Document-grounded QA with citations', needs: { ...J, heuristic: true }, load: () => def(import('./doc_qa/benchmark.ts')) },
  { key: 'browser_assistant', category: 'use-case', description: 'Web research with fact verification', needs: { ...J, heuristic: true, optionalTools: ['web_search', 'web_fetch'] }, load: () => def(import('./browser_assistant/benchmark.ts')) },
  { key: 'email_triage', category: 'use-case', description: 'Email triage classification + draft', needs: JF, load: () => def(import('./email_triage/benchmark.ts')) },
  { key: 'morning_brief', category: 'use-case', description: 'Morning briefing generation', needs: { ...J, heuristic: true }, load: () => def(import('./morning_brief/benchmark.ts')) },
  { key: 'research_mining', category: 'use-case', description: 'Research synthesis + accuracy', needs: { ...J, heuristic: true }, load: () => def(import('./research_mining/benchmark.ts')) },
  { key: 'knowledge_base', category: 'use-case', description: 'Document-grounded retrieval QA', needs: JF, load: () => def(import('./knowledge_base/benchmark.ts')) },
  { key: 'coding_task', category: 'use-case', description: 'Function-level code generation (sandboxed)', needs: { ...N, sandbox: true }, load: () => def(import('./coding_task/benchmark.ts')) },
]

const byKey = new Map(BENCHMARKS.map((b) => [b.key, b]))

export const benchmarkKeys = (): string[] => BENCHMARKS.map((b) => b.key)
export const findBenchmark = (key: string): BenchmarkEntry | undefined => byKey.get(key)
export const isReady = (entry: BenchmarkEntry): boolean => entry.load !== undefined
/** Run by an external harness: a run is refused in preflight with what this machine lacks for it. */
export const isExternal = (entry: BenchmarkEntry): boolean => entry.load === undefined && entry.needs.external !== undefined

/** What a missing benchmark still needs, for `list` and the error message. */
export function missingReason(entry: BenchmarkEntry): string {
  const n = entry.needs
  if (n.external) return `run by an external harness (${n.external}); jarvis-evals only checks for it`
  const parts = [n.docker && 'Docker', n.browser && 'a browser', n.agentTools && 'the agent backend', n.sandbox && 'the code sandbox']
    .filter(Boolean)
  return parts.length ? `not implemented yet (needs ${parts.join(', ')})` : 'not implemented yet'
}

/** The definition of a run: a custom local-file benchmark (it has a [benchmarks.dataset] table) or a registered one. */
export async function loadDefinition(run: Pick<ResolvedRun, 'benchmark' | 'dataset' | 'scorer' | 'category'>): Promise<BenchmarkDefinition> {
  if (run.dataset) {
    const { customBenchmark } = await import('./custom/benchmark.ts')
    return customBenchmark(run as ResolvedRun)
  }
  const entry = findBenchmark(run.benchmark)
  if (!entry?.load) throw new JarvisError('JARVIS_UNKNOWN_BENCHMARK', `benchmark "${run.benchmark}" is not available.`)
  return entry.load()
}

export type Rescorer = (result: SampleResult) => Score | null

/** reparse-judge: the benchmark's own re-reader of stored judge replies, or null when it has none. */
export async function loadRescorer(key: string): Promise<Rescorer | null> {
  const entry = findBenchmark(key)
  if (!entry?.load) return null
  return (await entry.load()).rescore ?? null
}
