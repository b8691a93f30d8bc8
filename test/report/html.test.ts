import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { compareCommand } from '../../src/cli/commands/compare.ts'
import { renderHtml } from '../../src/report/html.ts'
import { loadRun } from '../../src/report/run-data.ts'
import { resolveRunPaths } from '../../src/results/run-files.ts'
import { captureIO, makeRun, scratchDir } from './cli-fixtures.ts'
import { sample, writeRun } from '../stats/sample-results.ts'
import { pngStats, readPng } from './png.ts'

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => existsSync(p))

/** Three runs (2 models on supergpqa, 1 on gpqa) with energy, two subjects, and a hostile prompt. */
function writeRuns(dir: string): string[] {
  const a = makeRun({ wrongEvery: 4, energy: 250 })
  a[3] = sample(a[3].record_id, false, {
    ...a[3],
    is_correct: false,
    score: 0,
    model_answer: 'I think </td><script>alert("x")</script> the answer is B',
    scoring_metadata: { prompt: 'Which is <img src=x onerror=alert(1)>?', reference_letter: 'C', candidate_letter: 'B', raw_judge_output: 'Extracted letter: **B** & not C' },
  })
  const files = [`${dir}/supergpqa_qwen3-8b.jsonl`, `${dir}/supergpqa_llama3.2-1b.jsonl`, `${dir}/gpqa_qwen3-8b.jsonl`]
  writeRun(files[0], a)
  writeRun(files[1], makeRun({ model: 'llama3.2:1b', wrongEvery: 3, offset: 1, energy: 120, latency: 0.5 }))
  writeRun(files[2], makeRun({ wrongEvery: 2, energy: 300, latency: 1.6 }).map((r) => ({ ...r, benchmark: 'gpqa', record_id: r.record_id.replace('supergpqa', 'gpqa') })))
  return files
}

describe('HTML report', () => {
  test('is one self-contained page: no script, no external URL, every text escaped', async () => {
    const dir = scratchDir('html-escape')
    const [file] = writeRuns(dir)
    const run = await loadRun(resolveRunPaths(file)!)
    const html = renderHtml({ title: 'Report <x>', runs: [run], paired: null, generatedAt: new Date(0) })
    // One script, ours (search and paging); nothing from the data becomes markup.
    expect(html.match(/<script/g)).toHaveLength(1)
    const withoutOurs = html.replace(/<script>[^]*?<\/script>/, '')
    expect(withoutOurs).not.toMatch(/<script|<img|<link|@import|url\(/i)
    expect(html).not.toMatch(/<script[^>]*src=/i)
    expect(html).not.toMatch(/(https?:)?\/\/[a-z]/i)
    expect(html).toContain('&lt;/td&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
    expect(html).toContain('Which is &lt;img src=x onerror=alert(1)&gt;?')
    expect(html).toContain('Extracted letter: **B** &amp; not C')
    expect(html).toContain('<title>Report &lt;x&gt;</title>')
    expect(html.match(/<svg /g)!.length).toBeGreaterThanOrEqual(4)
  })

  test.skipIf(!CHROMIUM)('renders in headless Chromium to a non-blank screenshot (compare of 3 runs)', async () => {
    const dir = scratchDir('html-chromium')
    const files = writeRuns(dir)
    const out = `${dir}/compare.html`
    expect(await compareCommand([...files, '--html', out], captureIO())).toBe(0)
    const artifacts = resolve('tmp/test-artifacts/html-report')
    mkdirSync(artifacts, { recursive: true })
    const png = join(artifacts, 'compare.png')
    rmSync(png, { force: true })
    const profile = mkdtempSync(join(tmpdir(), 'jarvis-chromium-'))
    // Sandbox flags (vitest-hub-lab.md §5): a dead proxy and host-resolver rules, so nothing leaves 127.0.0.1.
    const r = spawnSync(
      CHROMIUM!,
      ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--no-default-browser-check', '--disable-domain-reliability', '--no-pings', '--dns-prefetch-disable', '--proxy-server=http://127.0.0.1:9', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1', `--user-data-dir=${profile}`, '--window-size=1200,2400', '--hide-scrollbars', `--screenshot=${png}`, `file://${resolve(out)}`],
      { encoding: 'utf8', timeout: 60_000 },
    )
    rmSync(profile, { recursive: true, force: true })
    expect(existsSync(png), `chromium wrote no screenshot: ${r.stderr?.slice(-500)}`).toBe(true)
    const stats = pngStats(readPng(png))
    expect(stats.colours).toBeGreaterThan(20) // bars, dots, text in several colours
    expect(stats.inkShare).toBeGreaterThan(0.02)
  })
})
