// loadHubRows through the real @huggingface/hub client against the fake Hub on 127.0.0.1.
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { loadHubRows } from '../../src/datasets/hub.ts'
import type { HubSettings } from '../../src/datasets/hub-settings.ts'
import {
  GPQA_DIAMOND_ROWS,
  GPQA_SCHEMA,
  MMLU_PRO_TEST_ROWS,
  MMLU_PRO_VALIDATION_ROWS,
  SUPERGPQA_ROWS,
  SUPERGPQA_SCHEMA,
  writeHubFixtures,
  writeParquetDataset,
  writeRepoFile,
} from '../support/dataset-fixtures.ts'
import { startFakeHub, type FakeHub } from '../support/fake-hub.ts'

const TOKEN = 'hf_fixtureTokenDoNotPrint123'
let root: string
let hub: FakeHub
const tmpDirs: string[] = []

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'jarvis-hub-root-'))
  await writeHubFixtures(root)
  hub = await startFakeHub({ root, gated: ['Idavidrein/gpqa'], token: TOKEN })
  // @huggingface/hub prints "Downloading … .incomplete" with console.debug on every download.
  vi.spyOn(console, 'debug').mockImplementation(() => {})
})
afterAll(async () => {
  await hub.close()
  await Promise.all([root, ...tmpDirs].map((d) => rm(d, { recursive: true, force: true })))
})
beforeEach(() => {
  hub.requests.length = 0
})

async function freshSettings(over: Partial<HubSettings> = {}): Promise<HubSettings> {
  const cacheDir = await mkdtemp(join(tmpdir(), 'jarvis-hf-cache-'))
  tmpDirs.push(cacheDir)
  return { endpoint: hub.url, cacheDir, offline: false, ...over }
}

/** The request log with commit shas and the port taken out, for snapshots. */
const requestLines = () =>
  hub.requests.map((r) => `${r.method} ${r.path.replace(/[0-9a-f]{40}/g, '<sha>').replace(/(\/revision\/[^?]+)\?.*$/, '$1?expand=…')}${r.range ? ` ${r.range}` : ''}`)
const bodyDownloads = () => hub.requests.filter((r) => r.method === 'GET' && r.path.includes('/resolve/') && !r.range)

async function failure(p: Promise<unknown>, s?: HubSettings): Promise<{ code: string; message: string }> {
  const e = (await p.then(
    () => expect.fail('expected a rejection'),
    (err: unknown) => err,
  )) as { code: string; message: string }
  let message = e.message.replaceAll(hub.url, '<hub>')
  if (s) message = message.replaceAll(s.cacheDir, '<cache>')
  expect(message).not.toContain(TOKEN)
  return { code: e.code, message }
}

describe('parquet conversion (refs/convert/parquet)', () => {
  test('reads a split from the parquet conversion, with real column types', async () => {
    const rows = await loadHubRows({ repo: 'm-a-p/SuperGPQA', split: 'train' }, await freshSettings())
    expect(rows).toEqual(SUPERGPQA_ROWS)
    expect(rows[0]).toMatchObject({ options: expect.any(Array), is_calculation: expect.any(Boolean), uuid: expect.stringMatching(/^[0-9a-f]{32}$/) })
    expect(requestLines()).toMatchInlineSnapshot(`
      [
        "GET /api/datasets/m-a-p/SuperGPQA/revision/refs%2Fconvert%2Fparquet?expand=…",
        "GET /api/datasets/m-a-p/SuperGPQA/tree/<sha>/default/train?recursive=false&expand=false",
        "POST /api/datasets/m-a-p/SuperGPQA/paths-info/<sha>",
        "GET /datasets/m-a-p/SuperGPQA/resolve/<sha>/default/train/0000.parquet bytes=0-0",
        "GET /datasets/m-a-p/SuperGPQA/resolve/<sha>/default/train/0000.parquet",
      ]
    `)
  })

  test('turns INT64 columns into numbers (MMLU-Pro question_id, answer_index)', async () => {
    const rows = await loadHubRows({ repo: 'TIGER-Lab/MMLU-Pro', split: 'test' }, await freshSettings())
    expect(rows).toEqual(MMLU_PRO_TEST_ROWS)
    expect(typeof rows[0].question_id).toBe('number')
    expect(() => JSON.stringify(rows)).not.toThrow()
    expect(rows.some((r) => (r.options as string[]).length < 10)).toBe(true)
  })

  test('reads a named config (gpqa_diamond) of a gated dataset with a token', async () => {
    const rows = await loadHubRows({ repo: 'Idavidrein/gpqa', config: 'gpqa_diamond', split: 'train' }, await freshSettings({ token: TOKEN }))
    expect(rows).toEqual(GPQA_DIAMOND_ROWS)
    expect(hub.requests.filter((r) => r.path.includes('/resolve/')).every((r) => r.auth)).toBe(true)
  })

  test('concatenates the shards of a split in path order, across paginated listings', async () => {
    const a = SUPERGPQA_ROWS.slice(0, 5)
    const b = SUPERGPQA_ROWS.slice(5)
    // Written out of order; the listing comes back one entry per page.
    await writeParquetDataset(root, 'test-org/sharded', 'default/train/0001.parquet', b, SUPERGPQA_SCHEMA)
    await writeParquetDataset(root, 'test-org/sharded', 'default/train/0000.parquet', a, SUPERGPQA_SCHEMA)
    const paged = await startFakeHub({ root, pageSize: 1 })
    try {
      const rows = await loadHubRows({ repo: 'test-org/sharded', split: 'train' }, { ...(await freshSettings()), endpoint: paged.url })
      expect(rows.map((r) => r.uuid)).toEqual(SUPERGPQA_ROWS.map((r) => r.uuid))
      expect(paged.requests.filter((r) => r.path.includes('/tree/')).length).toBe(2)
    } finally {
      await paged.close()
    }
  })

  test('an unknown split lists the splits that exist and how to pick one', async () => {
    const s = await freshSettings()
    expect(await failure(loadHubRows({ repo: 'TIGER-Lab/MMLU-Pro', split: 'train' }, s))).toMatchInlineSnapshot(`
      {
        "code": "JARVIS_DATASET",
        "message": "Dataset TIGER-Lab/MMLU-Pro has no split "train" of config "default" in its Hub parquet conversion; it has: default/test, default/validation. Use one of its splits, e.g. --split test.",
      }
    `)
    expect(await failure(loadHubRows({ repo: 'Idavidrein/gpqa', split: 'train' }, s))).toMatchInlineSnapshot(`
      {
        "code": "JARVIS_DATASET",
        "message": "Dataset Idavidrein/gpqa has no split "train" of config "default" in its Hub parquet conversion; it has: gpqa_diamond/train. Use one of these config/split pairs, e.g. config "gpqa_diamond".",
      }
    `)
  })
})

describe('explicit repo files', () => {
  test('reads a JSONL repo file (SuperGPQA-all.jsonl) from main', async () => {
    const rows = await loadHubRows({ repo: 'm-a-p/SuperGPQA', split: 'train', files: ['SuperGPQA-all.jsonl'] }, await freshSettings())
    expect(rows).toEqual(SUPERGPQA_ROWS)
  })

  test('reads a CSV repo file (gpqa_diamond.csv): every cell a string, multi-line quoted explanations intact', async () => {
    const rows = await loadHubRows({ repo: 'Idavidrein/gpqa', split: 'train', files: ['gpqa_diamond.csv'] }, await freshSettings({ token: TOKEN }))
    const asCsv = GPQA_DIAMOND_ROWS.map((r) => Object.fromEntries(Object.keys(GPQA_SCHEMA).map((k) => [k, r[k] === null ? '' : String(r[k])])))
    expect(rows).toEqual(asCsv)
    expect(rows[0].Explanation).toContain('"sudden"')
    expect(rows[0].Explanation).toContain('\n')
  })

  test('reads a parquet repo file the same as the conversion', async () => {
    const rows = await loadHubRows({ repo: 'TIGER-Lab/MMLU-Pro', split: 'validation', files: ['data/validation-00000-of-00001.parquet'] }, await freshSettings())
    expect(rows).toEqual(MMLU_PRO_VALIDATION_ROWS)
  })

  test('a missing file is named, with the closest file in the repo', async () => {
    expect(await failure(loadHubRows({ repo: 'm-a-p/SuperGPQA', split: 'train', files: ['SuperGPQA.jsonl'] }, await freshSettings()))).toMatchInlineSnapshot(`
      {
        "code": "JARVIS_DATASET",
        "message": "Dataset m-a-p/SuperGPQA has no file "SuperGPQA.jsonl" at revision "main". Did you mean "SuperGPQA-all.jsonl"? See <hub>/datasets/m-a-p/SuperGPQA/tree/main for its files.",
      }
    `)
  })
})

describe('the HF cache', () => {
  test('a second load reuses the cached files: no paths-info, no file body', async () => {
    const s = await freshSettings()
    await loadHubRows({ repo: 'm-a-p/SuperGPQA', split: 'train' }, s)
    await loadHubRows({ repo: 'm-a-p/SuperGPQA', split: 'train', files: ['SuperGPQA-all.jsonl'] }, s)
    expect(bodyDownloads()).toHaveLength(2)
    hub.requests.length = 0
    expect(await loadHubRows({ repo: 'm-a-p/SuperGPQA', split: 'train' }, s)).toEqual(SUPERGPQA_ROWS)
    expect(await loadHubRows({ repo: 'm-a-p/SuperGPQA', split: 'train', files: ['SuperGPQA-all.jsonl'] }, s)).toEqual(SUPERGPQA_ROWS)
    expect(requestLines()).toMatchInlineSnapshot(`
      [
        "GET /api/datasets/m-a-p/SuperGPQA/revision/refs%2Fconvert%2Fparquet?expand=…",
        "GET /api/datasets/m-a-p/SuperGPQA/tree/<sha>/default/train?recursive=false&expand=false",
        "GET /api/datasets/m-a-p/SuperGPQA/revision/main?expand=…",
      ]
    `)
  })

  test('a revision pinned by commit sha needs no request once cached, online or offline', async () => {
    const s = await freshSettings()
    const { sha } = (await (await fetch(`${hub.url}/api/datasets/m-a-p/SuperGPQA/revision/main`)).json()) as { sha: string }
    const ref = { repo: 'm-a-p/SuperGPQA', split: 'train', files: ['SuperGPQA-all.jsonl'], revision: sha }
    await loadHubRows(ref, s)
    hub.requests.length = 0
    expect(await loadHubRows(ref, s)).toEqual(SUPERGPQA_ROWS)
    expect(await loadHubRows(ref, { ...s, offline: true })).toEqual(SUPERGPQA_ROWS)
    expect(hub.requests).toEqual([])
  })

  test('two concurrent loads of one dataset download each file once', async () => {
    const s = await freshSettings()
    const [a, b] = await Promise.all([
      loadHubRows({ repo: 'TIGER-Lab/MMLU-Pro', split: 'test' }, s),
      loadHubRows({ repo: 'TIGER-Lab/MMLU-Pro', split: 'test' }, s),
    ])
    expect(a).toEqual(MMLU_PRO_TEST_ROWS)
    expect(b).toEqual(MMLU_PRO_TEST_ROWS)
    expect(bodyDownloads()).toHaveLength(1)
  })

  test('an update on the Hub is picked up online, and offline then reads the new version', async () => {
    const s = await freshSettings()
    await writeRepoFile(root, 'test-org/changing', 'rows.jsonl', '{"id": 1}\n')
    expect(await loadHubRows({ repo: 'test-org/changing', split: 'train', files: ['rows.jsonl'] }, s)).toEqual([{ id: 1 }])
    await writeRepoFile(root, 'test-org/changing', 'rows.jsonl', '{"id": 2}\n')
    expect(await loadHubRows({ repo: 'test-org/changing', split: 'train', files: ['rows.jsonl'] }, s)).toEqual([{ id: 2 }])
    expect(await loadHubRows({ repo: 'test-org/changing', split: 'train', files: ['rows.jsonl'] }, { ...s, offline: true })).toEqual([{ id: 2 }])
  })
})

describe('HF_HUB_OFFLINE', () => {
  test('reads a cached split and a cached file without any request', async () => {
    const s = await freshSettings({ token: TOKEN })
    await loadHubRows({ repo: 'Idavidrein/gpqa', config: 'gpqa_diamond', split: 'train' }, s)
    await loadHubRows({ repo: 'Idavidrein/gpqa', split: 'train', files: ['gpqa_diamond.csv'] }, s)
    hub.requests.length = 0
    const offline = { ...s, offline: true }
    expect(await loadHubRows({ repo: 'Idavidrein/gpqa', config: 'gpqa_diamond', split: 'train' }, offline)).toEqual(GPQA_DIAMOND_ROWS)
    expect(await loadHubRows({ repo: 'Idavidrein/gpqa', split: 'train', files: ['gpqa_diamond.csv'] }, offline)).toHaveLength(GPQA_DIAMOND_ROWS.length)
    expect(hub.requests).toEqual([])
  })

  test('a dataset not in the cache fails clearly, without any request', async () => {
    const s = await freshSettings({ offline: true })
    expect(await failure(loadHubRows({ repo: 'm-a-p/SuperGPQA', split: 'train' }, s), s)).toMatchInlineSnapshot(`
      {
        "code": "JARVIS_DATASET",
        "message": "HF_HUB_OFFLINE is set and dataset m-a-p/SuperGPQA (split default/train of its parquet conversion) is not in the HF cache at <cache>. Run once online (unset HF_HUB_OFFLINE) to download it, or point HF_HUB_CACHE at a cache that has it.",
      }
    `)
    expect(await failure(loadHubRows({ repo: 'm-a-p/SuperGPQA', split: 'train', files: ['SuperGPQA-all.jsonl'] }, s), s)).toMatchObject({
      code: 'JARVIS_DATASET',
      message: expect.stringContaining('(SuperGPQA-all.jsonl at revision "main") is not in the HF cache'),
    })
    expect(hub.requests).toEqual([])
  })

  test('a split other than the cached one is not served from the cache', async () => {
    const s = await freshSettings()
    await loadHubRows({ repo: 'TIGER-Lab/MMLU-Pro', split: 'validation' }, s)
    await expect(loadHubRows({ repo: 'TIGER-Lab/MMLU-Pro', split: 'test' }, { ...s, offline: true })).rejects.toMatchObject({
      message: expect.stringContaining('(split default/test of its parquet conversion) is not in the HF cache'),
    })
  })
})

describe('access errors', () => {
  test('a gated dataset without a token says to accept its terms and set HF_TOKEN', async () => {
    expect(await failure(loadHubRows({ repo: 'Idavidrein/gpqa', config: 'gpqa_diamond', split: 'train' }, await freshSettings()))).toMatchInlineSnapshot(`
      {
        "code": "JARVIS_GATED_DATASET",
        "message": "Dataset Idavidrein/gpqa is gated: the Hub refused access without a token (401). Accept its terms at <hub>/datasets/Idavidrein/gpqa and set HF_TOKEN to a token of that account.",
      }
    `)
  })

  test('a gated dataset with a token that has no access names neither the token nor its value', async () => {
    const s = await freshSettings({ token: 'hf_someoneElsesToken' })
    const f = await failure(loadHubRows({ repo: 'Idavidrein/gpqa', split: 'train', files: ['gpqa_diamond.csv'] }, s))
    expect(f).toMatchInlineSnapshot(`
      {
        "code": "JARVIS_GATED_DATASET",
        "message": "Dataset Idavidrein/gpqa is gated: the Hub refused access with your HF_TOKEN, which has no access yet (403). Accept its terms at <hub>/datasets/Idavidrein/gpqa and set HF_TOKEN to a token of that account.",
      }
    `)
    expect(f.message).not.toContain('hf_someoneElsesToken')
  })

  test('a repo that does not exist is a dataset error, with or without a token', async () => {
    expect(await failure(loadHubRows({ repo: 'nobody/no-such-dataset', split: 'train' }, await freshSettings()))).toMatchInlineSnapshot(`
      {
        "code": "JARVIS_DATASET",
        "message": "Dataset nobody/no-such-dataset was not found on <hub> (401): check the repo id, or set HF_TOKEN if it is private.",
      }
    `)
    expect(await failure(loadHubRows({ repo: 'nobody/no-such-dataset', split: 'train' }, await freshSettings({ token: TOKEN })))).toMatchObject({
      code: 'JARVIS_DATASET',
      message: expect.stringContaining('was not found on <hub> (404)'),
    })
  })

  test('an unknown revision is a dataset error naming it', async () => {
    expect(await failure(loadHubRows({ repo: 'm-a-p/SuperGPQA', split: 'train', files: ['SuperGPQA-all.jsonl'], revision: 'v9' }, await freshSettings()))).toMatchInlineSnapshot(`
      {
        "code": "JARVIS_DATASET",
        "message": "Dataset m-a-p/SuperGPQA has no revision "v9" on <hub>: check the revision (a branch, tag or commit sha).",
      }
    `)
  })

  test('an unreachable endpoint names it and mentions HF_HUB_OFFLINE and HF_ENDPOINT', async () => {
    const srv = http.createServer()
    await new Promise<void>((ok) => srv.listen(0, '127.0.0.1', ok))
    const dead = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`
    await new Promise((ok) => srv.close(ok))
    const f = await failure(loadHubRows({ repo: 'm-a-p/SuperGPQA', split: 'train' }, await freshSettings({ endpoint: dead })))
    expect({ ...f, message: f.message.replace(dead, '<dead>') }).toMatchInlineSnapshot(`
      {
        "code": "JARVIS_DATASET",
        "message": "Cannot reach the Hugging Face Hub at <dead> to load m-a-p/SuperGPQA (ECONNREFUSED). Check the network or HF_ENDPOINT, or set HF_HUB_OFFLINE=1 to use only the local cache.",
      }
    `)
  })

  test('a token that is not a Hugging Face token is refused before any request, without echoing it', async () => {
    const f = await failure(loadHubRows({ repo: 'm-a-p/SuperGPQA', split: 'train' }, await freshSettings({ token: 'sk-notAHubToken' })))
    expect(f.code).toBe('JARVIS_BAD_OPTION')
    expect(f.message).not.toContain('sk-notAHubToken')
    expect(hub.requests).toEqual([])
  })
})
