// The measurements behind bench/all.mjs (and throughput.mjs, memory.mjs): each system run as a whole process
// against the shared fake server (../shared/bench), repetitions interleaved so drift on a shared machine hits
// every system alike; medians with the spread (min–max) and, for ratios, the median of the per-repetition ratios.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { measure, median, REPO, resetStats, SHARED_BENCH, startListening, startServer } from './proc.mjs'

const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null

/** Runs a command like measure(), adding its CPU seconds (user + system of the whole tree) when GNU time is here. */
export async function measureCpu(cmd, args, o = {}) {
  if (!TIME) return { ...(await measure(cmd, args, o)), cpuS: null }
  const f = join(tmpdir(), `jarvis-bench-time-${process.pid}-${Math.random().toString(36).slice(2)}`)
  const r = await measure(TIME, ['-f', '%U %S', '-o', f, cmd, ...args], o)
  let cpuS = null
  try {
    const [u, s] = readFileSync(f, 'utf8').trim().split('\n').at(-1).split(' ').map(Number)
    cpuS = u + s
    rmSync(f, { force: true })
  } catch {}
  return { ...r, cpuS }
}

export const stats = (xs) => {
  const v = xs.filter((x) => typeof x === 'number' && Number.isFinite(x))
  return v.length ? { median: median(v), min: Math.min(...v), max: Math.max(...v), n: v.length } : null
}

export async function mcqSamples() {
  return (await import(resolve(SHARED_BENCH, 'lib/mcq.mjs'))).samples
}

/** A dataset of the shared MCQ samples and a one-model, one-benchmark suite for it. */
export async function mcqSuite(dir, { n, concurrency, url }) {
  const samples = await mcqSamples()
  const data = join(dir, `mcq-${n}.jsonl`)
  if (!existsSync(data)) writeFileSync(data, [...samples(n)].map((s) => JSON.stringify(s)).join('\n') + '\n')
  const suite = join(dir, `suite-${n}-${concurrency}-${new URL(url).port}.toml`)
  writeFileSync(
    suite,
    `[run]\nmax_workers = ${concurrency}\noutput_dir = "${join(dir, 'out')}"\n\n[[models]]\nname = "bench-model"\nbase_url = "${url}/v1"\nmax_tokens = 16\n\n` +
      `[[benchmarks]]\nname = "bench-mcq"\nscorer = "mcq"\n\n[benchmarks.dataset]\npath = "${data}"\nid_field = "id"\nquestion_field = "prompt"\nchoices_field = "choices"\nprompt_template = "{question}"\n`,
  )
  return { suite, data, out: join(dir, 'out', 'bench-mcq_bench-model.jsonl') }
}

export const jarvis = (args, env = {}) => measureCpu(process.execPath, ['bin/jarvis.mjs', ...args], { env: { JARVIS_QUIET: '1', ...env } })
export const bare = (url, n, c, stream = false) => measureCpu(process.execPath, [resolve(SHARED_BENCH, 'bare-loop.mjs'), '--url', `${url}/v1`, '--n', String(n), '--concurrency', String(c), ...(stream ? ['--stream'] : [])])
/** Plain Vitest (perf-lab.md): one file of N test.concurrent cases, maxConcurrency C, the dot reporter. */
export const plainVitest = (url, n, c) =>
  measureCpu(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', 'bench/plain-vitest/vitest.config.mjs', '--reporter=dot'], {
    env: { BENCH_URL: `${url}/v1`, BENCH_N: String(n), BENCH_C: String(c), BENCH_MCQ: resolve(SHARED_BENCH, 'lib/mcq.mjs') },
  })

const must = (name, r) => {
  if (r.code !== 0) throw new Error(`${name} failed (exit ${r.code}): ${r.stderr.slice(-1500)}`)
  return r
}

/** The fake Hub (bench/lib/fake-hub-server.ts) serving the test fixtures' SuperGPQA-shaped parquet. */
export function startFakeHub(dir) {
  return startListening(['--import', './bin/register-ts.mjs', 'bench/lib/fake-hub-server.ts', dir], { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] }, 'fake hub')
}

/**
 * Cold start: the whole process from launch to exit, one sample. The bare loop and plain Vitest for reference;
 * `jarvis --help`; a custom local benchmark; supergpqa from a local Hub with a warm cache (one warm-up run first).
 */
export async function startupSeries({ reps, log = () => {} }) {
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-bench-start-'))
  const server = await startServer(['--latency-ms', '20'])
  const hub = await startFakeHub(join(dir, 'hub'))
  try {
    const { suite } = await mcqSuite(dir, { n: 1000, concurrency: 32, url: server.url })
    const hubEnv = { HF_ENDPOINT: hub.url, HF_HOME: join(dir, 'hf'), HF_HUB_OFFLINE: '' }
    const hubArgs = ['eval', 'run', '-b', 'supergpqa', '-m', 'bench-model', '--base-url', `${server.url}/v1`, '-n', '1', '--output-dir', join(dir, 'out-hub')]
    const systems = {
      bare: () => bare(server.url, 1, 32),
      plainVitest: () => plainVitest(server.url, 1, 32),
      help: () => jarvis(['--help']),
      custom: () => jarvis(['eval', 'run', '-c', suite, '-n', '1']),
      hub: () => jarvis(hubArgs, hubEnv),
    }
    // Warm caches: the bundle, the Hub cache, the page cache.
    for (const [k, f] of Object.entries(systems)) must(k, await f())
    const rows = Object.fromEntries(Object.keys(systems).map((k) => [k, []]))
    for (let rep = 0; rep < reps; rep++) {
      for (const [k, f] of Object.entries(systems)) {
        const r = must(k, await f())
        rows[k].push({ wall: r.wallS, cpu: r.cpuS, rss: r.peakRssMb })
      }
      log(`startup rep ${rep + 1}/${reps}: ${Object.entries(rows).map(([k, v]) => `${k} ${v.at(-1).wall.toFixed(2)} s`).join(', ')}`)
    }
    return Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, { wall_s: stats(v.map((x) => x.wall)), cpu_s: stats(v.map((x) => x.cpu)), peak_tree_rss_mb: stats(v.map((x) => x.rss)) }]))
  } finally {
    server.stop()
    hub.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Throughput at N samples, C in flight, the server answering after latencyMs: the bare loop (plain and streaming),
 * plain Vitest and the harness, interleaved. Wall: the whole process. Window: the server's first request in to
 * last answer out (no start-up on either side). Ratios are bare / system (wall) and system / bare (throughput).
 */
export async function throughputSeries({ n, concurrency, latencyMs, reps, plain = true, log = () => {} }) {
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-bench-tput-'))
  const server = await startServer(['--latency-ms', String(latencyMs)])
  try {
    const { suite, out } = await mcqSuite(dir, { n, concurrency, url: server.url })
    const systems = {
      bare: () => bare(server.url, n, concurrency),
      bareStream: () => bare(server.url, n, concurrency, true),
      ...(plain ? { plainVitest: () => plainVitest(server.url, n, concurrency) } : {}),
      jarvis: () => jarvis(['eval', 'run', '-c', suite]),
    }
    const rows = Object.fromEntries(Object.keys(systems).map((k) => [k, []]))
    for (let rep = 0; rep < reps; rep++) {
      for (const [k, f] of Object.entries(systems)) {
        await resetStats(server.url)
        const r = must(k, await f())
        const st = await resetStats(server.url)
        let correct = null
        if (k === 'jarvis') correct = JSON.parse(readFileSync(`${out}.summary.json`, 'utf8')).correct
        else if (k.startsWith('bare')) correct = JSON.parse(r.stdout.trim().split('\n').at(-1)).correct
        rows[k].push({ wall: r.wallS, window: st.window_s, cpu: r.cpuS, rss: r.peakRssMb, correct, maxInFlight: st.max_in_flight, completed: st.completed })
      }
      log(`throughput N=${n} C=${concurrency} ${latencyMs} ms rep ${rep + 1}/${reps}: ${Object.entries(rows).map(([k, v]) => `${k} ${v.at(-1).wall.toFixed(2)} s (window ${(n / v.at(-1).window).toFixed(0)}/s)`).join(', ')}`)
    }
    const paired = (sys, ref, f) => stats(rows[sys].map((x, i) => f(rows[ref][i], x)))
    const result = { n, concurrency, latency_ms: latencyMs, reps, systems: {} }
    for (const [k, v] of Object.entries(rows)) {
      result.systems[k] = {
        wall_s: stats(v.map((x) => x.wall)),
        window_samples_per_s: stats(v.map((x) => n / x.window)),
        cpu_s: stats(v.map((x) => x.cpu)),
        peak_tree_rss_mb: stats(v.map((x) => x.rss)),
        correct: v[0].correct,
        max_in_flight: Math.max(...v.map((x) => x.maxInFlight)),
      }
      if (k === 'bare' || k === 'bareStream') continue
      result.systems[k].wall_ratio = paired(k, 'bare', (b, x) => b.wall / x.wall)
      result.systems[k].window_ratio = paired(k, 'bare', (b, x) => b.window / x.window)
      result.systems[k].window_ratio_vs_stream = paired(k, 'bareStream', (b, x) => b.window / x.window)
    }
    return result
  } finally {
    server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Peak RSS of the harness's whole process tree (and its wall time) at each N, C=64, 1 ms: it must stay flat. */
export async function memorySeries({ sizes, concurrency = 64, latencyMs = 1, log = () => {} }) {
  const server = await startServer(['--latency-ms', String(latencyMs)])
  const results = []
  try {
    for (const n of sizes) {
      const dir = mkdtempSync(join(tmpdir(), 'jarvis-bench-mem-'))
      try {
        const { suite, out } = await mcqSuite(dir, { n, concurrency, url: server.url })
        await resetStats(server.url)
        const r = must('jarvis', await jarvis(['eval', 'run', '-c', suite]))
        const st = await resetStats(server.url)
        const summary = JSON.parse(readFileSync(`${out}.summary.json`, 'utf8'))
        const lines = readFileSync(out, 'utf8').trim().split('\n').length
        const row = { n, lines, total_samples: summary.total_samples, correct: summary.correct, wall_s: +r.wallS.toFixed(1), window_samples_per_s: +(n / st.window_s).toFixed(0), peak_tree_rss_mb: +r.peakRssMb.toFixed(0) }
        log(`memory N=${n}: ${JSON.stringify(row)}`)
        results.push(row)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }
  } finally {
    server.stop()
  }
  return results
}

/** bench/agent-loop.mjs: the jarvis-agent loop's CPU and wall per turn against a bare tool loop; its JSON line. */
export async function agentLoop({ samples = 100, turns = 4, concurrency = 8, rounds = 3, log = () => {} }) {
  const r = await measure(process.execPath, ['bench/agent-loop.mjs', '--samples', String(samples), '--turns', String(turns), '--concurrency', String(concurrency), '--rounds', String(rounds)])
  if (r.code !== 0) throw new Error(`agent-loop failed (exit ${r.code}): ${r.stderr.slice(-1500)}`)
  const lines = r.stdout.trim().split('\n')
  for (const l of lines.slice(0, -1)) log(`agent loop: ${l}`)
  return JSON.parse(lines.at(-1))
}
