import type { ResolvedRun } from '../../src/config/resolved-run.ts'
import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadLocalRecords } from './loader.ts'
import { scoreCustom } from './scorer.ts'

/** A TOML [[benchmarks]] entry with a [benchmarks.dataset] table: a local JSONL/CSV/parquet file, its field mapping and a named scorer. */
export function customBenchmark(run: ResolvedRun): BenchmarkDefinition {
  const scorer = run.scorer ?? 'exact'
  return {
    key: run.benchmark,
    load: () => loadLocalRecords(run.benchmark, run.dataset!, scorer, run.category ?? 'custom'),
    score: scoreCustom(scorer),
    // files_field: the sample's attachments in a work dir of its own, for file_read, ls and code_interpreter.
    environment: (r) => (Array.isArray(r.metadata.files) ? { kind: 'local', files: r.metadata.files as { path: string; source: string }[] } : null),
  }
}
