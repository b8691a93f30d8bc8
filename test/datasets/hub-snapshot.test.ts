import { describe, expect, test, vi } from 'vitest'
import { loadHubSnapshot } from '../../src/datasets/hub-snapshot.ts'
import { writeRepoFile } from '../support/dataset-fixtures.ts'
import { useFakeHub } from '../support/use-fake-hub.ts'

const REPO = 'someone/files'
const { hub } = useFakeHub(async (root) => {
  await writeRepoFile(root, REPO, 'README.md', '# x')
  await writeRepoFile(root, REPO, 'data/a.json', '[1]')
  await writeRepoFile(root, REPO, 'data/deep/b.jsonl', '{"x":1}\n')
  await writeRepoFile(root, REPO, 'big.bin', Buffer.alloc(4096, 1))
})

describe('loadHubSnapshot', () => {
  test('downloads only the chosen files, in path order, with their sizes; choose() narrows knowing all of them', async () => {
    const s = await loadHubSnapshot({ repo: REPO, include: (p) => p.endsWith('.json') || p.endsWith('.jsonl') })
    expect(s.commit).toMatch(/^[0-9a-f]{40}$/)
    expect(s.files.map((f) => [f.path, f.size])).toEqual([['data/a.json', 3], ['data/deep/b.jsonl', 8]])
    expect(hub().requests.some((r) => r.path.endsWith('/big.bin'))).toBe(false)
    const narrowed = await loadHubSnapshot({ repo: REPO, include: () => true, choose: (ps) => ps.filter((p) => p.includes('deep')) })
    expect(narrowed.files.map((f) => f.path)).toEqual(['data/deep/b.jsonl'])
  })

  test('nothing chosen is one line listing the repo; offline the same choice comes from the cache', async () => {
    await expect(loadHubSnapshot({ repo: REPO, include: (p) => p.endsWith('.csv'), what: 'the CSV files' })).rejects.toThrow(
      /Dataset someone\/files \(revision "main"\) has none of the CSV files; it has: README\.md, big\.bin, data\/a\.json, data\/deep\/b\.jsonl\./,
    )
    const online = await loadHubSnapshot({ repo: REPO, include: (p) => p.startsWith('data/') })
    const n = hub().requests.length
    vi.stubEnv('HF_HUB_OFFLINE', '1')
    try {
      expect(await loadHubSnapshot({ repo: REPO, include: (p) => p.startsWith('data/') })).toEqual(online)
      expect(hub().requests.length).toBe(n)
      await expect(loadHubSnapshot({ repo: REPO, include: (p) => p === 'big.bin', what: 'the blob' })).rejects.toThrow(/HF_HUB_OFFLINE is set and dataset someone\/files \(the blob at revision "main"\) is not in the HF cache/)
    } finally {
      vi.stubEnv('HF_HUB_OFFLINE', '')
    }
  })
})
