// Where the loader finds files in the Hugging Face cache without asking the Hub (HF_HUB_OFFLINE).
//
//   repoCacheDir(cacheDir, repo), snapshotPath(cacheDir, repo, commit, path), lockPath(cacheDir, repo, commit, path)
//   readRefPointer / writeRefPointer(cacheDir, repo, revision[, commit])
//   readSplitManifest / writeSplitManifest(cacheDir, repo, commit, configSplit[, paths])
//   readTreeManifest / writeTreeManifest(cacheDir, repo, commit[, files])   a commit's whole file list (snapshots)
//
// Layout (shared with huggingface_hub): datasets--{ns}--{name}/snapshots/<commit>/<path> → ../blobs/<etag>.
// downloadFileToCacheDir writes no refs/<branch> file (vitest-hub-lab.md §1), so we write `refs/<revision>`
// (holding the commit sha) as huggingface_hub does. For the parquet conversion we also keep the list of a
// split's files, written only after all of them are downloaded, under `.jarvis/splits/`: a directory
// listing of the snapshot could be missing files after an interrupted download and would silently give
// fewer rows.
import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

export const repoCacheDir = (cacheDir: string, repo: string) => join(cacheDir, `datasets--${repo.split('/').join('--')}`)

export const snapshotPath = (cacheDir: string, repo: string, commit: string, path: string) => join(repoCacheDir(cacheDir, repo), 'snapshots', commit, path)

export const lockPath = (cacheDir: string, repo: string, commit: string, path: string) =>
  join(repoCacheDir(cacheDir, repo), '.jarvis', 'locks', `${createHash('sha256').update(`${commit}/${path}`).digest('hex').slice(0, 16)}.lock`)

const refFile = (cacheDir: string, repo: string, revision: string) => join(repoCacheDir(cacheDir, repo), 'refs', ...revision.split('/'))

const manifestFile = (cacheDir: string, repo: string, commit: string, configSplit: string) =>
  join(repoCacheDir(cacheDir, repo), '.jarvis', 'splits', commit, `${configSplit}.json`)

export async function readRefPointer(cacheDir: string, repo: string, revision: string): Promise<string | undefined> {
  const text = await readFile(refFile(cacheDir, repo, revision), 'utf8').catch(() => undefined)
  const sha = text?.trim()
  return sha && /^[0-9a-f]{40}$/.test(sha) ? sha : undefined
}

export async function writeRefPointer(cacheDir: string, repo: string, revision: string, commit: string): Promise<void> {
  await writeAtomic(refFile(cacheDir, repo, revision), commit)
}

export async function readSplitManifest(cacheDir: string, repo: string, commit: string, configSplit: string): Promise<string[] | undefined> {
  const text = await readFile(manifestFile(cacheDir, repo, commit, configSplit), 'utf8').catch(() => undefined)
  if (!text) return undefined
  try {
    const paths: unknown = JSON.parse(text)
    return Array.isArray(paths) && paths.every((p) => typeof p === 'string') ? paths : undefined
  } catch {
    return undefined
  }
}

export async function writeSplitManifest(cacheDir: string, repo: string, commit: string, configSplit: string, paths: string[]): Promise<void> {
  await writeAtomic(manifestFile(cacheDir, repo, commit, configSplit), JSON.stringify(paths))
}

export interface TreeFile {
  path: string
  size: number
}

const treeFile = (cacheDir: string, repo: string, commit: string) => join(repoCacheDir(cacheDir, repo), '.jarvis', 'trees', `${commit}.json`)

/** The repo's files at a commit, as the Hub listed them (hub-snapshot.ts filters it offline as online). */
export async function readTreeManifest(cacheDir: string, repo: string, commit: string): Promise<TreeFile[] | undefined> {
  const text = await readFile(treeFile(cacheDir, repo, commit), 'utf8').catch(() => undefined)
  if (!text) return undefined
  try {
    const files: unknown = JSON.parse(text)
    return Array.isArray(files) && files.every((f) => f && typeof f.path === 'string' && typeof f.size === 'number') ? (files as TreeFile[]) : undefined
  } catch {
    return undefined
  }
}

export async function writeTreeManifest(cacheDir: string, repo: string, commit: string, files: TreeFile[]): Promise<void> {
  await writeAtomic(treeFile(cacheDir, repo, commit), JSON.stringify(files))
}

async function writeAtomic(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true })
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  await writeFile(tmp, text)
  await rename(tmp, file)
}
