import { BENCHMARKS, isExternal, isReady, missingReason, type BenchmarkEntry } from '../../../evals/registry.ts'
import { BACKENDS } from '../../backends/index.ts'
import type { RequirementStatus } from '../../core/requirement.ts'
import { checkRequirements } from '../../requirements/index.ts'
import { renderTable } from '../table.ts'
import type { Command } from '../io.ts'
import { EVAL_SPECS } from '../command-specs.ts'
import { parseCommandLine } from '../parse-command.ts'
import { JarvisError } from '../../core/errors.ts'

interface Machine {
  /** Everything the benchmark needs to run is here (true when it needs nothing beyond Node). */
  ok: boolean
  missing: string[]
  /** Missing for scoring only: the samples run and are unscored. */
  scoring_missing: string[]
  checks: { label: string; ok: boolean; detail: string }[]
}

/** Probes what each benchmark needs on this machine (all at once; each probe runs once per process). */
async function machineOf(b: BenchmarkEntry): Promise<Machine> {
  const [run, scoring] = await Promise.all([checkRequirements(b.needs.requires ?? []), checkRequirements(b.needs.scoringRequires ?? [])])
  const labels = (xs: RequirementStatus[]) => xs.filter((s) => !s.ok).map((s) => s.label)
  return { ok: labels(run).length === 0, missing: labels(run), scoring_missing: labels(scoring), checks: [...run, ...scoring].map((s) => ({ label: s.label, ok: s.ok, detail: s.detail })) }
}

function machineText(b: BenchmarkEntry, m: Machine): string {
  if (!b.needs.requires?.length && !b.needs.scoringRequires?.length) return ''
  if (m.missing.length) return `missing ${m.missing.join(', ')}`
  if (isExternal(b)) return 'harness found'
  if (m.scoring_missing.length) return `ready; unscored without ${m.scoring_missing.join(', ')}`
  return 'ready'
}

/** `jarvis eval list [--ready] [--json]`: the one registry, with what is ready and what this machine has. */
export const listCommand: Command = async (argv, io) => {
  const { values, positionals, help } = parseCommandLine(EVAL_SPECS.list, argv)
  if (help) return io.out(help), 0
  if (positionals.length) throw new JarvisError('JARVIS_BAD_OPTION', `jarvis eval list: unexpected argument "${positionals[0]}". Run jarvis eval list --help.`)
  const json = values.json === true
  const readyOnly = values.ready === true
  const rows = BENCHMARKS.filter((b) => !readyOnly || isReady(b))
  const machines = await Promise.all(rows.map(machineOf))
  if (json) {
    io.out(JSON.stringify(rows.map((b, i) => ({ key: b.key, category: b.category, description: b.description, needs: b.needs, status: isReady(b) ? 'ready' : 'missing', machine: machines[i] })), null, 2))
    return 0
  }
  const needs = (b: (typeof rows)[number]) =>
    [
      b.needs.judge !== 'never' && `judge${b.needs.judge === 'fallback' ? ' (fallback)' : b.needs.heuristic ? ' (or a heuristic)' : ''}`,
      b.needs.gated && 'HF_TOKEN', b.needs.sandbox && 'sandbox', b.needs.docker && 'docker', b.needs.browser && 'browser', b.needs.agentTools && 'agent tools', b.needs.localData && 'local data',
      b.needs.optionalTools?.length && `${b.needs.optionalTools.join('/')} (optional)`,
    ]
      .filter(Boolean)
      .join(', ')
  const status = (b: BenchmarkEntry) => (isReady(b) ? 'ready' : isExternal(b) ? 'external harness' : missingReason(b).replace('not implemented yet', 'missing'))
  io.out('Available Benchmarks')
  io.out(renderTable(['Name', 'Category', 'Status', 'This machine', 'Needs', 'Description'], rows.map((b, i) => [b.key, b.category, status(b), machineText(b, machines[i]), needs(b), b.description])))
  // Each missing thing once, with the benchmarks that need it.
  const missing = new Map<string, string[]>()
  rows.forEach((b, i) => machines[i].checks.filter((c) => !c.ok).forEach((c) => missing.set(c.detail, [...(missing.get(c.detail) ?? []), b.key])))
  if (missing.size) {
    io.out('')
    io.out('Missing on this machine')
    for (const [detail, keys] of missing) io.out(`  ${keys.join(', ')}: ${detail}`)
  }
  io.out('')
  io.out('Available Backends')
  const backendMachines = await Promise.all(BACKENDS.map((b) => b.machine?.() ?? null))
  const backendText = (m: { ok: boolean; detail: string } | null) => (!m ? '' : m.ok ? 'ready' : 'missing (below)')
  io.out(renderTable(['Backend', 'This machine', 'Description'], BACKENDS.map((b, i) => [b.key, backendText(backendMachines[i]), b.create ? b.description : `${b.description} (not implemented yet)`])))
  const found = BACKENDS.map((b, i) => [b.key, backendMachines[i]] as const).filter(([, m]) => m)
  if (found.length) io.out('')
  for (const [key, m] of found) io.out(`  ${key}: ${m!.detail.replace(/^\S+ backend: /, '')}`)
  return 0
}
