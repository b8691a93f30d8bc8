import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { EVAL_SPECS } from '../../src/cli/command-specs.ts'
import type { CliIO } from '../../src/cli/io.ts'
import { main } from '../../src/cli/main.ts'
import { parseRunArgs } from '../../src/cli/run-options.ts'
import { runJarvis } from '../support/run-process.ts'

// One parser (commander) for every command: generated help, --version, the house's error lines.

function capture(): CliIO & { outs: string[]; errs: string[] } {
  const outs: string[] = []
  const errs: string[] = []
  return { outs, errs, isTTY: false, out: (l) => void outs.push(l), err: (l) => void errs.push(l) }
}
const VERSION = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version

describe('help and version', () => {
  test.each([...Object.keys(EVAL_SPECS).map((c) => `eval ${c}`), 'serve'])('jarvis %s --help: generated, exit 0', async (command) => {
    const io = capture()
    expect(await main([...command.split(' '), '--help'], io)).toBe(0)
    const text = io.outs.join('\n')
    expect(text.startsWith(`Usage: jarvis ${command} `)).toBe(true)
    expect(text).toContain('-h, --help')
    expect(io.errs).toEqual([])
  })

  test('run --help shows --backend, --trace-detail, the negations and the exit codes', async () => {
    const io = capture()
    await main(['eval', 'run', '-h'], io)
    const text = io.outs.join('\n')
    for (const flag of ['--backend <key>', '--trace-detail', '-t, --test-name-pattern <regex>', '--record-ids <ids>', '--no-telemetry', '--agent <name>', '--concurrency <n>']) expect(text).toContain(flag)
    expect(text).toContain('Exit codes: 0 ok · 1 crash · 2 bad input · 4 a run where no sample could be scored · 130 interrupted (Ctrl-C).')
  })

  test('a small command\'s help, pinned', async () => {
    const io = capture()
    await main(['eval', 'merge', '--help'], io)
    expect(io.outs.join('\n')).toMatchInlineSnapshot(`
      "Usage: jarvis eval merge -o OUT.jsonl A.jsonl B.jsonl …

      merge shard JSONLs of one run into one file + summary

      Options:
        -o, --output <path>  the merged JSONL (required; an existing one is kept aside)
        -h, --help           show this help"
    `)
  })

  test('--version, and no command: the usage with exit 2', async () => {
    const io = capture()
    expect(await main(['--version'], io)).toBe(0)
    expect(io.outs).toEqual([VERSION])
    const none = capture()
    expect(await main([], none)).toBe(2)
    expect(none.outs.join('\n')).toContain('jarvis eval run            run benchmarks on models')
    expect(await main(['eval'], capture())).toBe(2)
  })

  test('through the real launcher', async () => {
    const v = await runJarvis(['--version'])
    expect([v.code, v.stdout.trim()]).toEqual([0, VERSION])
    const h = await runJarvis(['eval', 'cache', '--help'])
    expect(h.code).toBe(0)
    expect(h.stdout).toContain('Usage: jarvis eval cache info|clear')
  })
})

describe('bad input: one line, exit 2, a did-you-mean for a mistyped flag of any command', () => {
  test('the lines', async () => {
    const cases: Record<string, string[]> = {
      'unknown command': ['eval', 'sumarize', 'x.jsonl'],
      'top-level typo': ['evl', 'run'],
      'run flag': ['eval', 'run', '-b', 'supergpqa', '-m', 'm', '--max-sample', '3'],
      'run flag missing its value': ['eval', 'run', '-b'],
      'list flag': ['eval', 'list', '--jsn'],
      'compare flag': ['eval', 'compare', 'a.jsonl', '--metrc', 'accuracy'],
      'gate flag': ['eval', 'gate', '--baselin', 'a.jsonl'],
      'merge without -o': ['eval', 'merge', 'a.jsonl'],
      'summarize two files': ['eval', 'summarize', 'a.jsonl', 'b.jsonl'],
      'cache action': ['eval', 'cache', 'purge'],
      'agent flag: --concurrency 0': ['eval', 'run', '-b', 'supergpqa', '-m', 'm', '--concurrency', '0'],
      'agent flag: --tools without an agent backend': ['eval', 'run', '-b', 'supergpqa', '-m', 'm', '--tools', 'calculator'],
      'agent flag: unknown agent': ['eval', 'run', '-b', 'supergpqa', '-m', 'm', '--backend', 'jarvis-agent', '--agent', 'orchestra'],
      'run-all without -m': ['eval', 'run-all', '-n', '2'],
    }
    const said: Record<string, string> = {}
    for (const [name, argv] of Object.entries(cases)) {
      const io = capture()
      expect(await main(argv, io), name).toBe(2)
      expect(io.errs, name).toHaveLength(1)
      said[name] = io.errs[0]
    }
    expect(said).toMatchInlineSnapshot(`
      {
        "agent flag: --concurrency 0": "jarvis: --concurrency "0": expected a positive integer.",
        "agent flag: --tools without an agent backend": "jarvis: --tools: tools need an agent backend, and backend "jarvis-direct" makes one model call. Add --backend jarvis-agent (or backend = "jarvis-agent" in [[benchmarks]]).",
        "agent flag: unknown agent": "jarvis: --agent: unknown agent "orchestra". Did you mean "orchestrator"? Agents: orchestrator, simple, react.",
        "cache action": "jarvis: jarvis eval cache: unknown action "purge"; give info or clear. Usage: jarvis eval cache info|clear (JARVIS_CACHE_DIR moves the cache)",
        "compare flag": "jarvis: jarvis eval compare: unknown option --metrc. Did you mean "--metric"? Run jarvis eval compare --help.",
        "gate flag": "jarvis: jarvis eval gate: unknown option --baselin. Did you mean "--baseline"? Run jarvis eval gate --help.",
        "list flag": "jarvis: jarvis eval list: unknown option --jsn. Did you mean "--json"? Run jarvis eval list --help.",
        "merge without -o": "jarvis: jarvis eval merge needs -o OUT.jsonl and at least one shard. Usage: jarvis eval merge -o OUT.jsonl A.jsonl B.jsonl …",
        "run flag": "jarvis: jarvis eval run: unknown option --max-sample. Did you mean "--max-samples"? Run jarvis eval run --help.",
        "run flag missing its value": "jarvis: jarvis eval run: -b/--benchmark needs a value. Run jarvis eval run --help.",
        "run-all without -m": "jarvis: jarvis eval run-all needs -m MODEL (it runs every ready benchmark on it). Run jarvis eval run-all --help.",
        "summarize two files": "jarvis: jarvis eval summarize: give exactly one results file (got 2). Usage: jarvis eval summarize RESULTS.jsonl",
        "top-level typo": "jarvis: unknown command "evl". Did you mean "eval"? Run jarvis --help.",
        "unknown command": "jarvis: jarvis eval: unknown command "sumarize". Did you mean "summarize"? Run jarvis eval --help.",
      }
    `)
  })
})

describe('run options', () => {
  test('negations give false, absence undefined (the suite decides), and values keep their kinds', () => {
    const given = parseRunArgs(['-b', 'supergpqa', '-m', 'm', '--no-telemetry', '--no-cache', '--gpu-metrics', '--resume', '-n', '5', '-w', '2', '--temperature', '0.5', '--trace-detail', '-v'])
    expect(given.overrides).toMatchObject({ telemetry: false, cache: false, gpuMetrics: true, resume: true, maxSamples: 5, maxWorkers: 2, temperature: 0.5 })
    expect([given.traceDetail, given.verbose, given.help]).toEqual([true, true, null])
    const none = parseRunArgs(['-b', 'supergpqa', '-m', 'm'])
    expect([none.overrides.telemetry, none.overrides.cache, none.overrides.gpuMetrics, none.overrides.resume, none.overrides.recordIds]).toEqual([undefined, undefined, undefined, undefined, undefined])
    expect(parseRunArgs(['-c', 's.toml', '--record-ids', 'a, b', '-t', 'q00']).overrides.recordIds).toEqual(['a', 'b'])
    expect(parseRunArgs(['-c', 's.toml', '--retry-errors']).overrides.resume).toBe(true)
  })
})
