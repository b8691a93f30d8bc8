// LogHub's HDFS reader in bounded memory: writes an HDFS-shaped log (default 1.5 GB, the real file's size) and
// its labels, reads `--sessions` sessions out of it with the benchmark's loader code, and prints the peak RSS
// and heap. The log is streamed, so the peak stays far below the file's size; holding it whole would need more
// than the file. test/loghub-memory.test.ts runs it on 120 MB under a 48 MB V8 heap.
//
//   node bench/loghub-stream.mjs [--mb 1536] [--sessions 200] [--blocks 20000] [--dir /tmp/…] [--keep]
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { hdfsRecords } from '../evals/loghub/loader.ts'
import { writeHdfsFile } from '../test/support/fixtures-loghub.ts'

function arg(argv: string[], name: string, fallback: string): string {
  const i = argv.indexOf(`--${name}`)
  return i >= 0 && argv[i + 1] ? argv[i + 1] : fallback
}

export async function main(argv: string[]): Promise<number> {
  const mb = Number(arg(argv, 'mb', '1536'))
  const sessions = Number(arg(argv, 'sessions', '200'))
  const blocks = Number(arg(argv, 'blocks', '20000'))
  const dir = arg(argv, 'dir', '') || mkdtempSync(join(tmpdir(), 'jarvis-loghub-'))
  const log = join(dir, 'HDFS.log')
  const labels = join(dir, 'anomaly_label.csv')
  try {
    const written = await writeHdfsFile(log, labels, { megabytes: mb, blocks })
    global.gc?.()
    let peakRss = 0
    let peakHeap = 0
    const sample = () => {
      const m = process.memoryUsage()
      peakRss = Math.max(peakRss, m.rss)
      peakHeap = Math.max(peakHeap, m.heapUsed)
    }
    const timer = setInterval(sample, 20)
    const t0 = performance.now()
    const records = await hdfsRecords(log, labels, sessions, 42)
    const seconds = (performance.now() - t0) / 1000
    clearInterval(timer)
    sample()
    const lines = records.reduce((n, r) => n + Number(r.metadata.lines_shown), 0)
    console.log(JSON.stringify({ file_mb: Math.round(written.bytes / 1048576), sessions: records.length, lines_kept: lines, anomalies: records.filter((r) => r.reference === 'anomaly').length, seconds: Math.round(seconds * 10) / 10, mb_per_s: Math.round(written.bytes / 1048576 / seconds), peak_rss_mb: Math.round(peakRss / 1048576), peak_heap_mb: Math.round(peakHeap / 1048576) }))
    return 0
  } finally {
    if (!argv.includes('--keep')) rmSync(dir, { recursive: true, force: true })
  }
}
