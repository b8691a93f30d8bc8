// LogHub: log anomaly detection over the logpai repos on the Hub, subset hdfs (default), bgl or thunderbird.
//   hdfs: logpai/loghub-HDFS-v1 — HDFS.log (~1.5 GB) grouped into sessions by block id, labels from
//     anomaly_label.csv (BlockId, Label: Normal | Anomaly), the first 200 lines of a session shown
//   bgl / thunderbird: logpai/loghub-BGL / logpai/loghub-Thunderbird — windows of 100 lines of BGL.log /
//     Thunderbird.log, anomalous when a line's alert tag is not "-"
// The log is streamed (log-lines.ts) and never held whole. A run reads max_samples sessions (without it
// JARVIS_LOGHUB_MAX_SESSIONS, default 1000), a uniform sample seeded by the run seed (pick.ts), plus any named
// in record_ids; OpenJarvis held every session of the 1.5 GB file in memory. What a (commit, subset, seed,
// count, ids) reads is cached beside the download, so the preflight and each Vitest worker scan the log once.
// Record ids: loghub-<subset>-<blk id> and loghub-<subset>-w<window index>.
import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { basename } from 'node:path/posix'
import { JarvisError } from '../../src/core/errors.ts'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { repoCacheDir } from '../../src/datasets/hub-cache.ts'
import { hubSettingsFromEnv } from '../../src/datasets/hub-settings.ts'
import { loadHubSnapshot, type SnapshotFile } from '../../src/datasets/hub-snapshot.ts'
import { logLines } from './log-lines.ts'
import { SmallestK } from './pick.ts'
import { sessionPrompt, windowPrompt } from './prompt.ts'
import { hdfsSessions, windowSessions } from './sessions.ts'

export const SUBSETS = {
  hdfs: { repo: 'logpai/loghub-HDFS-v1', log: 'HDFS.log', labels: 'anomaly_label.csv' },
  bgl: { repo: 'logpai/loghub-BGL', log: 'BGL.log' },
  thunderbird: { repo: 'logpai/loghub-Thunderbird', log: 'Thunderbird.log' },
} as const
export type Subset = keyof typeof SUBSETS

export const SESSION_LINES = 200
export const WINDOW_LINES = 100
const CACHE_VERSION = 1

export function sessionCap(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.JARVIS_LOGHUB_MAX_SESSIONS?.trim()
  if (!raw) return 1000
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1) throw new JarvisError('JARVIS_BAD_OPTION', `JARVIS_LOGHUB_MAX_SESSIONS="${raw}" is not a positive whole number.`)
  return n
}

function subsetOf(ctx: LoadContext): Subset {
  const s = (ctx.subset ?? 'hdfs').toLowerCase()
  if (s in SUBSETS) return s as Subset
  throw new JarvisError('JARVIS_BAD_OPTION', `loghub: unknown subset "${ctx.subset}"; use hdfs (default), bgl or thunderbird.`)
}

/** The shallowest file of that name in the snapshot (the repo root's, when several). */
const fileNamed = (files: SnapshotFile[], name: string) => files.filter((f) => basename(f.path) === name).sort((a, b) => a.path.split('/').length - b.path.split('/').length)[0]

async function readLabels(path: string, k: number, seed: number, wanted: ReadonlySet<string>) {
  const picked = new SmallestK<string>(k, seed)
  const named = new Map<string, string>()
  let header = true
  for await (const line of logLines(path)) {
    if (header) {
      header = false
      if (!/^\W*BlockId\s*,\s*Label/i.test(line)) throw new JarvisError('JARVIS_DATASET', `${path}: expected the header "BlockId,Label", got ${JSON.stringify(line.slice(0, 60))}.`)
      continue
    }
    const comma = line.indexOf(',')
    if (comma < 0) continue
    const id = line.slice(0, comma).trim()
    const label = line.slice(comma + 1).trim()
    if (wanted.has(id)) named.set(id, label)
    else picked.offer(id, label)
  }
  return new Map([...picked.items().map((x) => [x.id, x.value] as const), ...named])
}

/** HDFS records out of a log and its label file on disk (bench/loghub-stream.ts measures this). */
export async function hdfsRecords(logPath: string, labelPath: string, k: number, seed: number, wanted: ReadonlySet<string> = new Set(), log: (m: string) => void = () => {}): Promise<EvalRecord[]> {
  const labels = await readLabels(labelPath, k, seed, wanted)
  const sessions = await hdfsSessions(logPath, new Set(labels.keys()), SESSION_LINES)
  const records: EvalRecord[] = []
  for (const [id, label] of labels) {
    const s = sessions.get(id)
    if (!s) continue
    const reference = /^anomal/i.test(label) ? 'anomaly' : 'normal'
    records.push({
      record_id: `loghub-hdfs-${id}`,
      problem: sessionPrompt(id, s.total, s.lines),
      reference,
      category: 'agentic',
      subject: 'hdfs',
      metadata: { dataset: 'hdfs', block_id: id, label, num_lines: s.total, lines_shown: s.lines.length },
    })
  }
  if (records.length < labels.size) log(`${labels.size - records.length} labelled blocks have no line in ${SUBSETS.hdfs.log} and were dropped`)
  return records
}

async function windowRecords(subset: Subset, files: SnapshotFile[], k: number, seed: number, wanted: Set<string>): Promise<EvalRecord[]> {
  const logFile = fileNamed(files, SUBSETS[subset].log)!
  const indices = new Set([...wanted].map((w) => /^w(\d+)$/.exec(w)?.[1]).filter((x): x is string => !!x).map(Number))
  const windows = await windowSessions(logFile.local, k, seed, WINDOW_LINES, indices)
  return windows.map((w) => ({
    record_id: `loghub-${subset}-w${w.index}`,
    problem: windowPrompt(w.index, w.lines),
    reference: w.anomalous ? 'anomaly' : 'normal',
    category: 'agentic',
    subject: subset,
    metadata: { dataset: subset, window_idx: w.index, num_lines: w.lines.length, has_anomaly: w.anomalous },
  }))
}

export async function loadLoghub(ctx: LoadContext): Promise<EvalRecord[]> {
  const subset = subsetOf(ctx)
  const spec = SUBSETS[subset]
  const names: string[] = ['labels' in spec ? spec.labels : '', spec.log].filter(Boolean)
  const snap = await loadHubSnapshot({ repo: spec.repo, include: (p) => names.includes(basename(p)), what: names.join(' and ') }, undefined, { signal: ctx.signal })
  const missing = names.filter((n) => !fileNamed(snap.files, n))
  if (missing.length) throw new JarvisError('JARVIS_DATASET', `loghub: ${spec.repo} has no ${missing.join(' or ')}.`)
  const k = ctx.maxSamples ?? sessionCap()
  const prefix = `loghub-${subset}-`
  const wanted = new Set((ctx.recordIds ?? []).filter((id) => id.startsWith(prefix)).map((id) => id.slice(prefix.length)))
  const key = createHash('sha256').update(JSON.stringify({ v: CACHE_VERSION, commit: snap.commit, subset, k, seed: ctx.seed, wanted: [...wanted].sort() })).digest('hex').slice(0, 24)
  const cached = join(repoCacheDir(hubSettingsFromEnv().cacheDir, spec.repo), '.jarvis', 'loghub', `${key}.json`)
  const hit = await readFile(cached, 'utf8').then((t) => JSON.parse(t) as EvalRecord[], () => null)
  if (hit) return hit
  ctx.log(`reading ${k} ${subset === 'hdfs' ? 'sessions' : 'windows'} out of ${spec.log} (${(fileNamed(snap.files, spec.log)!.size / 1e6).toFixed(1)} MB, streamed)`)
  const records =
    subset === 'hdfs'
      ? await hdfsRecords(fileNamed(snap.files, SUBSETS.hdfs.log)!.local, fileNamed(snap.files, SUBSETS.hdfs.labels)!.local, k, ctx.seed, wanted, ctx.log)
      : await windowRecords(subset, snap.files, k, ctx.seed, wanted)
  await mkdir(dirname(cached), { recursive: true })
  const tmp = `${cached}.${process.pid}.tmp`
  await writeFile(tmp, JSON.stringify(records))
  await rename(tmp, cached)
  return records
}
