// HF_HUB_OFFLINE=1: the local paths of a dataset's files from the HF cache alone, with no request at all.
//
//   loadFromCache(target: HubTarget, cacheDir): Promise<string[]>
//   type HubTarget
//
// A branch (main, refs/convert/parquet) is turned into a commit sha by the `refs/<revision>` pointer the
// online path wrote; a 40-hex revision needs none. The parquet conversion's files come from the split's
// file list the online path wrote after downloading all of them (hub-cache.ts says why not a directory listing).
import { stat } from 'node:fs/promises'
import { JarvisError } from '../core/errors.ts'
import { readRefPointer, readSplitManifest, snapshotPath } from './hub-cache.ts'

export interface HubTarget {
  repo: string
  revision: string
  /** Repo files to read, or … */
  files?: string[]
  /** … the parquet conversion's "{config}/{split}" (or, with dataDir, a repo folder). */
  configSplit?: string
  /** configSplit is a repo folder whose parquet files are read (load_dataset's data_dir). */
  dataDir?: boolean
}

export async function loadFromCache(t: HubTarget, cacheDir: string): Promise<string[]> {
  const commit = /^[0-9a-f]{40}$/.test(t.revision) ? t.revision : await readRefPointer(cacheDir, t.repo, t.revision)
  const paths = commit ? (t.files ?? (await readSplitManifest(cacheDir, t.repo, commit, t.configSplit!))) : undefined
  const local = commit && paths ? paths.map((p) => snapshotPath(cacheDir, t.repo, commit, p)) : []
  const present = await Promise.all(local.map((p) => stat(p).then((s) => s.isFile(), () => false)))
  if (local.length === 0 || present.includes(false)) {
    const what = t.files ? `${t.files.join(', ')} at revision "${t.revision}"` : t.dataDir ? `folder ${t.configSplit}/ at revision "${t.revision}"` : `split ${t.configSplit} of its parquet conversion`
    throw new JarvisError(
      'JARVIS_DATASET',
      `HF_HUB_OFFLINE is set and dataset ${t.repo} (${what}) is not in the HF cache at ${cacheDir}. Run once online (unset HF_HUB_OFFLINE) to download it, or point HF_HUB_CACHE at a cache that has it.`,
    )
  }
  return local
}
