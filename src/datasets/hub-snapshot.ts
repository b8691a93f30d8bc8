// Some files of a Hub dataset repo, chosen by path: what `snapshot_download(repo, allow_patterns=…)` gives, for
// datasets that are not tables (GAIA's attachments, LogHub's raw logs, DeepPlanning's tarballs, PaperArena's JSON).
//
//   loadHubSnapshot({ repo, revision?, include }, settings?, { signal? }): Promise<HubSnapshot>
//   HubSnapshot = { repo, commit, files: { path, local, size }[] }     files in path order, already in the HF cache
//
// Online: the revision → a commit sha, one recursive listing, then only the chosen files are downloaded (each
// under a file lock; a cached one costs no request). The listing is kept in the cache (hub-cache.ts), so
// HF_HUB_OFFLINE=1 chooses the same files with no request at all.
import { stat } from 'node:fs/promises'
import { listFiles } from '@huggingface/hub'
import { JarvisError, isJarvisError } from '../core/errors.ts'
import { collect, downloadError, downloadHubFile, hubApi, resolveCommit } from './hub.ts'
import { readRefPointer, readTreeManifest, snapshotPath, writeRefPointer, writeTreeManifest, type TreeFile } from './hub-cache.ts'
import { hubSettingsFromEnv, type HubSettings } from './hub-settings.ts'

export interface SnapshotRef {
  repo: string
  /** Branch, tag or commit sha (default main). */
  revision?: string
  /** Which repo paths to fetch. */
  include: (path: string) => boolean
  /** Narrows the included paths knowing all of them (e.g. "the qa/ folder's files if it has any"). */
  choose?: (paths: string[]) => string[]
  /** The files in words, for messages ("the validation attachments"). */
  what?: string
}

export interface SnapshotFile {
  /** Path inside the repo. */
  path: string
  /** Where it is on disk (the HF cache's snapshot folder). */
  local: string
  size: number
}

export interface HubSnapshot {
  repo: string
  commit: string
  files: SnapshotFile[]
}

const SHA = /^[0-9a-f]{40}$/

export async function loadHubSnapshot(ref: SnapshotRef, settings: HubSettings = hubSettingsFromEnv(), opts: { signal?: AbortSignal } = {}): Promise<HubSnapshot> {
  const revision = ref.revision ?? 'main'
  const t = { repo: ref.repo, revision }
  if (settings.offline) return fromCache(ref, revision, settings)
  const api = hubApi(t, settings, opts.signal)
  try {
    const commit = SHA.test(revision) ? revision : await resolveCommit(t, api)
    const tree: TreeFile[] = (await collect(listFiles({ ...api, revision: commit, recursive: true })))
      .filter((e) => e.type === 'file')
      .map((e) => ({ path: e.path, size: e.lfs?.size ?? e.size }))
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    const chosen = pick(ref, tree)
    if (chosen.length === 0) throw nothingChosen(ref, revision, tree.map((f) => f.path))
    const files: SnapshotFile[] = []
    for (const f of chosen) files.push({ ...f, local: await downloadHubFile(t, api, settings, commit, f.path) })
    await writeTreeManifest(settings.cacheDir, ref.repo, commit, tree)
    if (commit !== revision) await writeRefPointer(settings.cacheDir, ref.repo, revision, commit)
    return { repo: ref.repo, commit, files }
  } catch (e) {
    if (isJarvisError(e) || opts.signal?.aborted) throw e
    throw downloadError(t, settings, e)
  }
}

async function fromCache(ref: SnapshotRef, revision: string, s: HubSettings): Promise<HubSnapshot> {
  const commit = SHA.test(revision) ? revision : await readRefPointer(s.cacheDir, ref.repo, revision)
  const tree = commit ? await readTreeManifest(s.cacheDir, ref.repo, commit) : undefined
  const chosen = pick(ref, tree ?? []).map((f) => ({ ...f, local: snapshotPath(s.cacheDir, ref.repo, commit!, f.path) }))
  const present = await Promise.all(chosen.map((f) => stat(f.local).then((st) => st.isFile(), () => false)))
  if (!commit || chosen.length === 0 || present.includes(false)) {
    throw new JarvisError(
      'JARVIS_DATASET',
      `HF_HUB_OFFLINE is set and dataset ${ref.repo} (${ref.what ?? 'its files'} at revision "${revision}") is not in the HF cache at ${s.cacheDir}. Run once online (unset HF_HUB_OFFLINE) to download it, or point HF_HUB_CACHE at a cache that has it.`,
    )
  }
  return { repo: ref.repo, commit, files: chosen }
}

function pick(ref: SnapshotRef, tree: TreeFile[]): TreeFile[] {
  const included = tree.filter((f) => ref.include(f.path))
  if (!ref.choose) return included
  const keep = new Set(ref.choose(included.map((f) => f.path)))
  return included.filter((f) => keep.has(f.path))
}

function nothingChosen(ref: SnapshotRef, revision: string, paths: string[]): JarvisError {
  const shown = paths.slice(0, 12).join(', ') + (paths.length > 12 ? `, … (${paths.length} files)` : '')
  return new JarvisError('JARVIS_DATASET', `Dataset ${ref.repo} (revision "${revision}") has none of ${ref.what ?? 'the files this benchmark reads'}; it has: ${shown || 'no files'}.`)
}
