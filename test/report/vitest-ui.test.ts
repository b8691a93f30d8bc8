import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { parse } from 'flatted'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CHROMIUM, screenshot, serveDir } from '../support/chromium.ts'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts'
import { LETTERS4, quizAnswer } from '../support/quiz-suite.ts'
import { runProcess } from '../support/run-process.ts'
import { pngStats, readPng } from './png.ts'

// Issue 18 item 7: in Vitest's UI and html report (Test Meta), a sample's prompt reads as text, several lines,
// not one escaped JSON line. The real harness runs under `vitest run --reporter=html`; the report is served and
// rendered by headless Chromium at the failed test's page.

const QUESTION =
  'A train leaves the station at 3 pm travelling at a constant speed of 80 km/h, and a second train leaves the same station one hour later on a parallel track at 100 km/h. When does the second train catch up?'

let dir: string
let api: FakeOpenAI

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-ui-'))
  const rows = Array.from({ length: 6 }, (_, i) => ({ id: `q${i}`, question: `${QUESTION} (variant ${i}: pick ${LETTERS4[i % 4]}.)`, choices: ['at 7 pm, 320 km out', 'at 8 pm, 400 km out', 'at 6 pm, 240 km out', 'never'], answer: LETTERS4[i % 4] }))
  writeFileSync(join(dir, 'trains.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n')
  // Variants 0 and 2 are answered wrong.
  api = await startFakeOpenAI({ latencyMs: 2, answer: (p) => (/variant [02]:/.test(p) ? 'Thinking it over, the second train never catches up. The answer is D' : quizAnswer(p)) })
  writeFileSync(
    join(dir, 'suite.toml'),
    `[run]\noutput_dir = "${join(dir, 'out')}"\n\n[[models]]\nname = "test-model"\nbase_url = "${api.url}/v1"\n\n[[benchmarks]]\nname = "trains"\nscorer = "mcq"\n[benchmarks.dataset]\npath = "${join(dir, 'trains.jsonl')}"\nid_field = "id"\nchoices_field = "choices"\n`,
  )
})
afterAll(() => api?.close())

interface UiTask {
  id: string
  name: string
  type: string
  meta: Record<string, unknown>
  result?: { state: string }
  tasks?: UiTask[]
}

describe('Test Meta in the Vitest html report', () => {
  test('shows jarvisSample first: verdict, reference / extracted, the prompt and the answer as wrapped lines', async () => {
    const html = join(dir, 'html')
    const r = await runProcess(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'test-model', '--reporter=html', '--reporter=dot', `--outputFile.html=${html}/index.html`], { env: { JARVIS_EVAL_CONFIG: join(dir, 'suite.toml') } })
    expect(r.stdout + r.stderr).toMatch(/2 failed \| 4 passed|Tests +2 failed \| 4 passed/)
    // What the UI renders: the report's own data (flatted JSON, gzipped), read the way the UI reads it.
    const report = parse(gunzipSync(readFileSync(join(html, 'html.meta.json.gz'))).toString()) as { files: UiTask[] }
    const tests = report.files.flatMap((f) => (f.tasks ?? []).flatMap((s) => s.tasks ?? []))
    expect(tests).toHaveLength(6)
    const wrong = tests.find((t) => t.name === 'trains-q0')!
    expect(wrong.result?.state).toBe('fail')
    expect(Object.keys(wrong.meta)).toEqual(['jarvisSample', 'jarvis', 'jarvisOutput'])
    const view = String(wrong.meta.jarvisSample)
    const lines = view.split('\n')
    expect(lines[0]).toBe('trains-q0 · wrong · trains')
    expect(lines[1]).toBe('reference A · extracted D')
    expect(lines).toContain('── prompt ──')
    expect(lines).toContain('A. at 7 pm, 320 km out')
    expect(lines).toContain('── model answer ──')
    expect(view).toContain('Thinking it over, the second train never catches up. The answer is D')
    // The question (one 200-character line in the prompt) is wrapped at word boundaries, no line over 72.
    expect(lines.filter((l) => QUESTION.includes(l.trim()) && l.trim().length > 20).length).toBeGreaterThanOrEqual(2)
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(72)
    // A right answer gets the same view (its prompt is not in the JSONL line, but it is here).
    const right = tests.find((t) => t.name === 'trains-q1')!
    expect(String(right.meta.jarvisSample)).toMatch(/^trains-q1 · correct · trains\nreference B · extracted B\n\n── prompt ──\nA train leaves/)

    if (!CHROMIUM && !process.env.CI) return
    const served = await serveDir(html)
    try {
      const fileId = report.files[0].id
      const artifacts = resolve('tmp/test-artifacts/vitest-ui')
      mkdirSync(artifacts, { recursive: true })
      const png = join(artifacts, 'test-meta.png')
      // The UI keeps its place in the URL hash: the file and the test whose report is open.
      const shot = await screenshot(`${served.url}/#/?file=${encodeURIComponent(fileId)}&test=${encodeURIComponent(wrong.id)}`, png, { width: 1400, height: 1000, virtualTimeMs: 10_000 })
      expect(shot.ok, `chromium wrote no screenshot: ${shot.stderr}`).toBe(true)
      const stats = pngStats(readPng(png))
      expect(stats.colours).toBeGreaterThan(20)
      expect(stats.inkShare).toBeGreaterThan(0.05)
      if (process.env.JARVIS_UPDATE_DOCS) copyFileSync(png, resolve('docs/vitest-html-report.png'))
    } finally {
      await served.close()
    }
  }, 180_000)
})
