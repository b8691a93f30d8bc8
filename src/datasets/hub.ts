// Rows of a Hugging Face dataset split, read through the local HF cache.
//
//   loadHubRows(ref: HubDatasetRef, settings = hubSettingsFromEnv(), opts?: { signal?, mapRow? }): Promise<Row[] | T[]>
//   HubDatasetRefSchema, type HubDatasetRef, PARQUET_REVISION
//
// Without `files`: the Hub's parquet conversion, files `{config ?? 'default'}/{split}/*.parquet` at revision
// refs/convert/parquet (or `revision`, to pin a commit sha of that branch), in path order: the rows
// `datasets.load_dataset(repo, config, split=split)` gives, without running a dataset script.
// With `files`: those repo files at `revision` (default main), parsed by `format` or by their extension.
// With `dataDir`: every parquet file under that repo folder at `revision` (default main), in path order.
//
// Online: one request turns the revision into a commit sha, one lists the split's files (parquet only), then
// downloadFileToCacheDir(revision: sha) makes no request at all for a file already cached (given a branch
// name it would always POST paths-info first). Listing by sha also avoids listFiles not URL-encoding
// "refs/convert/parquet" (vitest-hub-lab.md §1). The revision → sha pointer and the split's file list are
// kept in the cache, so HF_HUB_OFFLINE=1 reads them with no request.
// A per-file lock (file-lock.ts) lets parallel Vitest workers share one download.
import { dirname } from 'node:path/posix'
import type { ListFileEntry } from '@huggingface/hub'
import { z } from 'zod'
import { JarvisError, didYouMean, isJarvisError } from '../core/errors.ts'
import { withFileLock } from './file-lock.ts'
import { lockPath, writeRefPointer, writeSplitManifest } from './hub-cache.ts'
import { hubFetch } from './hub-fetch.ts'
import { loadFromCache, type HubTarget } from './hub-offline.ts'
import { hubSettingsFromEnv, type HubSettings } from './hub-settings.ts'
import type { Row } from './parquet.ts'
import { readTableFile, TableFormatSchema } from './read-file.ts'

/** The Hub client (≈ 75 ms to load) only when the Hub is asked: not offline, not in a worker handed its records. */
let hubModule: typeof import('@huggingface/hub') | undefined
const hubClient = async () => (hubModule ??= await import('@huggingface/hub'))

export const PARQUET_REVISION = 'refs/convert/parquet'
const SHA = /^[0-9a-f]{40}$/

export const HubDatasetRefSchema = z.object({
  /** "m-a-p/SuperGPQA" */
  repo: z.string().regex(/^[\w.-]+(\/[\w.-]+)?$/, 'must be a Hub dataset id like "m-a-p/SuperGPQA"'),
  config: z.string().min(1).optional(),
  split: z.string().min(1),
  revision: z.string().min(1).optional(),
  /** Repo paths to read instead of the parquet conversion. */
  files: z.array(z.string().min(1)).min(1).optional(),
  /** Every parquet file under this repo folder at `revision` (default main), as `load_dataset(repo, data_dir=…)`. */
  dataDir: z.string().min(1).optional(),
  format: TableFormatSchema.optional(),
})
export type HubDatasetRef = z.infer<typeof HubDatasetRefSchema>

/** `opts.mapRow` turns each row as it is read (JSON Lines stream, so a multi-GB file is never held whole). */
export async function loadHubRows<T = Row>(ref: HubDatasetRef, settings: HubSettings = hubSettingsFromEnv(), opts: { signal?: AbortSignal; mapRow?: (row: Row) => T | null } = {}): Promise<T[]> {
  const parsed = HubDatasetRefSchema.safeParse(ref)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new JarvisError('JARVIS_DATASET', `Hub dataset ${JSON.stringify(ref.repo)}: ${issue.path.join('.') || 'ref'} ${issue.message}.`)
  }
  const t: HubTarget = ref.files
    ? { repo: ref.repo, revision: ref.revision ?? 'main', files: ref.files }
    : ref.dataDir
      ? { repo: ref.repo, revision: ref.revision ?? 'main', configSplit: ref.dataDir.replace(/\/+$/, ''), dataDir: true }
      : { repo: ref.repo, revision: ref.revision ?? PARQUET_REVISION, configSplit: `${ref.config ?? 'default'}/${ref.split}` }
  const local = settings.offline ? await loadFromCache(t, settings.cacheDir) : await download(t, settings, opts.signal)
  const format = ref.format ?? (ref.files ? undefined : 'parquet')
  const rows: T[] = []
  for (const path of local) for (const row of await readTableFile(path, format, opts.mapRow)) rows.push(row as T)
  return rows
}

/** The client options for one repo: endpoint, token, and the fetch that turns access answers into one line. */
export function hubApi(t: Pick<HubTarget, 'repo' | 'revision'>, s: HubSettings, signal?: AbortSignal): HubApi {
  if (s.token && !s.token.startsWith('hf_')) {
    throw new JarvisError('JARVIS_BAD_OPTION', 'HF_TOKEN does not look like a Hugging Face access token (those start with "hf_"). Copy it again from https://huggingface.co/settings/tokens.')
  }
  const fetchHub = hubFetch({ endpoint: s.endpoint, repo: t.repo, revision: t.revision, hasToken: !!s.token })
  return {
    repo: { type: 'dataset' as const, name: t.repo },
    hubUrl: s.endpoint,
    accessToken: s.token,
    fetch: ((input, init) => fetchHub(input, { ...init, signal })) as typeof fetch,
  }
}

/** One repo file at a commit into the HF cache (locked, so parallel workers download it once); its local path. */
export async function downloadHubFile(t: Pick<HubTarget, 'repo' | 'revision'>, api: HubApi, s: HubSettings, commit: string, path: string): Promise<string> {
  const { downloadFileToCacheDir } = await hubClient()
  return withFileLock(lockPath(s.cacheDir, t.repo, commit, path), async () => {
    try {
      return await quietly(() => downloadFileToCacheDir({ ...api, path, revision: commit, cacheDir: s.cacheDir }))
    } catch (e) {
      // The client's words for a path the commit does not have (paths-info [] / resolve 404).
      if (e instanceof Error && /^(cannot get path info|invalid response for file)/.test(e.message)) throw await missingFile(t, api, commit, path, s)
      throw e
    }
  })
}

/** A failure of the Hub (not bad input we already explained) as one line that says what to do. */
export function downloadError(t: Pick<HubTarget, 'repo'>, s: HubSettings, e: unknown): JarvisError {
  const why = hubModule && e instanceof hubModule.HubApiError ? `the Hub answered ${e.statusCode} for ${e.url}` : (e as Error).message
  return new JarvisError('JARVIS_DATASET', `Dataset ${t.repo}: download from ${s.endpoint} failed (${why}). Try again, or set HF_HUB_OFFLINE=1 to use the cache.`)
}

async function download(t: HubTarget, s: HubSettings, signal?: AbortSignal): Promise<string[]> {
  const api = hubApi(t, s, signal)
  try {
    const commit = SHA.test(t.revision) ? t.revision : await resolveCommit(t, api)
    const paths = t.files ?? (await listSplit(t, api, commit))
    const local: string[] = []
    for (const path of paths) local.push(await downloadHubFile(t, api, s, commit, path))
    if (t.configSplit) await writeSplitManifest(s.cacheDir, t.repo, commit, t.configSplit, paths)
    if (commit !== t.revision) await writeRefPointer(s.cacheDir, t.repo, t.revision, commit)
    return local
  } catch (e) {
    if (isJarvisError(e) || signal?.aborted) throw e
    throw downloadError(t, s, e)
  }
}

export type HubApi = { repo: { type: 'dataset'; name: string }; hubUrl: string; accessToken?: string; fetch: typeof fetch }
type Api = HubApi

/** A branch, tag or sha → the commit sha it names now. */
export async function resolveCommit(t: Pick<HubTarget, 'repo' | 'revision'>, api: Api): Promise<string> {
  const { datasetInfo, HubApiError } = await hubClient()
  try {
    const info = await datasetInfo({ name: t.repo, hubUrl: api.hubUrl, accessToken: api.accessToken, fetch: api.fetch, revision: t.revision, additionalFields: ['sha'] })
    const sha = (info as { sha?: unknown }).sha
    if (typeof sha === 'string' && SHA.test(sha)) return sha
    throw new Error(`no commit sha for revision ${t.revision}`)
  } catch (e) {
    if (e instanceof HubApiError && e.statusCode === 404) {
      throw new JarvisError('JARVIS_DATASET', `Dataset ${t.repo} (revision "${t.revision}") was not found on ${api.hubUrl} (404). Check the repo id and revision.`)
    }
    throw e
  }
}

async function listSplit(t: HubTarget, api: Api, commit: string): Promise<string[]> {
  const { HubApiError, listFiles } = await hubClient()
  let entries: ListFileEntry[] = []
  try {
    entries = await collect(listFiles({ ...api, revision: commit, path: t.configSplit, recursive: t.dataDir }))
  } catch (e) {
    if (!(e instanceof HubApiError && e.statusCode === 404)) throw e
  }
  const files = entries.filter(isParquet).map((e) => e.path).sort()
  if (files.length > 0) return files
  if (t.dataDir) throw new JarvisError('JARVIS_DATASET', `Dataset ${t.repo} has no parquet files under ${t.configSplit}/ at revision "${t.revision}". See ${api.hubUrl}/datasets/${t.repo}/tree/${t.revision} for its folders.`)
  const all = await collect(listFiles({ ...api, revision: commit, recursive: true }))
  const splits = [...new Set(all.filter(isParquet).map((e) => dirname(e.path)))].sort()
  throw splitError(t, splits)
}

function splitError(t: HubTarget, splits: string[]): JarvisError {
  const [config, split] = [dirname(t.configSplit!), t.configSplit!.slice(dirname(t.configSplit!).length + 1)]
  const where = `Dataset ${t.repo} has no split "${split}" of config "${config}" in its Hub parquet conversion`
  if (splits.length === 0) return new JarvisError('JARVIS_DATASET', `${where}, which has no parquet files. Read the repo's own files instead (files: [...]).`)
  const sameConfig = splits.filter((p) => dirname(p) === config).map((p) => p.slice(config.length + 1))
  const shown = splits.slice(0, 20).join(', ') + (splits.length > 20 ? `, … (${splits.length} in all)` : '')
  const fix = sameConfig.length > 0 ? `Use one of its splits, e.g. --split ${sameConfig[0]}.` : `Use one of these config/split pairs, e.g. config "${dirname(splits[0])}".`
  return new JarvisError('JARVIS_DATASET', `${where}; it has: ${shown}. ${fix}`)
}

async function missingFile(t: Pick<HubTarget, 'repo' | 'revision'>, api: Api, commit: string, path: string, s: HubSettings): Promise<JarvisError> {
  const { listFiles } = await hubClient()
  const all = await collect(listFiles({ ...api, revision: commit, recursive: true })).catch(() => [] as ListFileEntry[])
  const files = all.filter((e) => e.type === 'file').map((e) => e.path)
  return new JarvisError(
    'JARVIS_DATASET',
    `Dataset ${t.repo} has no file "${path}" at revision "${t.revision}".${didYouMean(path, files)} See ${s.endpoint}/datasets/${t.repo}/tree/${t.revision} for its files.`,
  )
}

const isParquet = (e: ListFileEntry) => e.type === 'file' && e.path.endsWith('.parquet')

export async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const x of it) out.push(x)
  return out
}

/** @huggingface/hub prints "Downloading … .incomplete" through console.debug on every file: keep CLI output clean. */
async function quietly<T>(fn: () => Promise<T>): Promise<T> {
  const debug = console.debug
  console.debug = () => {}
  try {
    return await fn()
  } finally {
    console.debug = debug
  }
}
