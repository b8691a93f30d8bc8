import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, vi } from 'vitest'
import { startFakeHub, type FakeHub } from './fake-hub.ts'

/**
 * Serves datasets from a fake Hub for the calling test file and points the loaders at it (HF_ENDPOINT, a fresh
 * HF_HUB_CACHE, HF_TOKEN = `token`). `write(root)` lays out the repos. Returns the hub once beforeAll has run.
 */
export function useFakeHub(write: (root: string) => Promise<void>, opts: { gated?: string[]; token?: string } = {}): { hub(): FakeHub; root(): string } {
  let hub: FakeHub | undefined
  let root = ''
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'jarvis-hub-'))
    await write(join(root, 'hub'))
    hub = await startFakeHub({ root: join(root, 'hub'), gated: opts.gated, token: opts.token })
    vi.stubEnv('HF_ENDPOINT', hub.url)
    vi.stubEnv('HF_HUB_CACHE', join(root, 'cache'))
    vi.stubEnv('HF_HUB_OFFLINE', '')
    vi.stubEnv('HF_TOKEN', opts.token ?? '')
    vi.stubEnv('HUGGING_FACE_HUB_TOKEN', '')
    // @huggingface/hub prints "Downloading … .incomplete" with console.debug on every download.
    vi.spyOn(console, 'debug').mockImplementation(() => {})
  })
  afterAll(async () => {
    vi.unstubAllEnvs()
    await hub?.close()
    if (root) await rm(root, { recursive: true, force: true })
  })
  return { hub: () => hub!, root: () => root }
}
