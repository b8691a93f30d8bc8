import { copyFileSync, mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { compareCommand } from '../../src/cli/commands/compare.ts'
import { reportCommand } from '../../src/cli/commands/report.ts'
import { fileTags, runLabels } from '../../src/report/run-labels.ts'
import type { RunData } from '../../src/report/run-data.ts'
import { distinctPart, sharedText } from '../../src/report/shared-text.ts'
import type { SampleResult } from '../../src/core/sample-result.ts'
import { CHROMIUM, screenshot } from '../support/chromium.ts'
import { captureIO, scratchDir } from './cli-fixtures.ts'
import { pngStats, readPng } from './png.ts'
import { sample, writeRun } from '../stats/sample-results.ts'
import { readFileSync, writeFileSync } from 'node:fs'

// Issue 18 item 7: every failure listed (not the first 200), a search box, rows that show what differs between
// prompts (not the instruction they all share); compare labels runs by model and file, and shows both answers.

const INSTRUCTION = 'Answer the following multiple choice question. The last line of your response should be of the following format: "Answer: $LETTER" (without quotes) where LETTER is one of ABCD. Think step by step before answering.\n\n'
const SUFFIX = '\n\nRemember: end with "Answer: $LETTER".'
const LETTERS = 'ABCD'

/** 300 SuperGPQA-like samples; 227 fail (200 wrong, 20 errors, 7 unscored); prompts = instruction + question + options. */
function run300(model: string, flip: (i: number) => boolean = () => false): SampleResult[] {
  return Array.from({ length: 300 }, (_, i) => {
    const id = `supergpqa-${String(i).padStart(4, '0')}`
    const ref = LETTERS[i % 4]
    const prompt = `${INSTRUCTION}Question ${i}: which reagent converts compound ${i} into its ${['alcohol', 'ketone', 'ester', 'amide'][i % 4]} form?\nA) NaBH4, ${i} mmol\nB) PCC, ${i + 1} mmol\nC) H2SO4, ${i + 2} mmol\nD) SOCl2, ${i + 3} mmol${SUFFIX}`
    const wrong = (i < 200) !== flip(i)
    if (i >= 200 && i < 220) return sample(id, null, { model, error: 'server_error: HTTP 500', model_answer: '', is_correct: null, score: null, scoring_metadata: { error_kind: 'server_error', prompt } })
    if (i >= 220 && i < 227) return sample(id, null, { model, is_correct: null, score: null, model_answer: 'I cannot tell.', scoring_metadata: { reason: 'no_choice_letter', prompt } })
    const got = wrong ? LETTERS[(i + 1) % 4] : ref
    const answer = `Let me think. Compound ${i} needs a reduction or an oxidation; ${'step by step reasoning '.repeat(8)}so the reagent is ${got}.\nAnswer: ${got}`
    return sample(id, !wrong, { model, model_answer: answer, scoring_metadata: { reference_letter: ref, candidate_letter: got, ...(wrong ? { prompt } : {}) } })
  })
}

describe('shared instruction', () => {
  test('the text every prompt shares is found at line/word boundaries, and rows keep the part that differs', () => {
    const prompts = run300('m').flatMap((r) => (typeof r.scoring_metadata.prompt === 'string' ? [r.scoring_metadata.prompt] : []))
    const shared = sharedText(prompts)
    expect(shared.prefix).toBe(`${INSTRUCTION}Question `.replace(/Question $/, ''))
    expect(shared.suffix).toBe(SUFFIX)
    expect(distinctPart(prompts[7], shared)).toBe('Question 7: which reagent converts compound 7 into its amide form?\nA) NaBH4, 7 mmol\nB) PCC, 8 mmol\nC) H2SO4, 9 mmol\nD) SOCl2, 10 mmol')
    expect(sharedText(['only one prompt'])).toEqual({ prefix: '', suffix: '' })
    expect(sharedText(['Question 1: a', 'Question 12: b'])).toEqual({ prefix: '', suffix: '' }) // under 24 characters
  })

  test('file tags tell runs apart by the part of the path that differs', () => {
    expect(fileTags(['main/supergpqa_qwen3-8b.jsonl', 'pr/supergpqa_qwen3-8b.jsonl'])).toEqual(['main', 'pr'])
    expect(fileTags(['results/a_x.jsonl', 'results/b_y.jsonl'])).toEqual(['a_x', 'b_y'])
    expect(fileTags(['r/a.jsonl', 'r/a.jsonl'])).toEqual(['a #1', 'a #2'])
    expect(fileTags(['r/a.jsonl'])).toEqual([''])
  })

  test('run labels add the file tag when it says more than the default file name', () => {
    const run = (input: string, benchmark: string, model: string) => ({ paths: { input }, summary: { benchmark, model } }) as unknown as RunData
    expect(runLabels([run('main/supergpqa_qwen3-8b.jsonl', 'supergpqa', 'qwen3:8b'), run('pr/supergpqa_qwen3-8b.jsonl', 'supergpqa', 'qwen3:8b')])).toEqual(['supergpqa · qwen3:8b · main', 'supergpqa · qwen3:8b · pr'])
    expect(runLabels([run('r/supergpqa_qwen3-8b.jsonl', 'supergpqa', 'qwen3:8b'), run('r/supergpqa_llama3.2-1b.jsonl', 'supergpqa', 'llama3.2:1b')])).toEqual(['supergpqa · qwen3:8b', 'supergpqa · llama3.2:1b'])
    expect(runLabels([run('a/nightly-1.jsonl', 'gpqa', 'm'), run('a/nightly-2.jsonl', 'gpqa', 'm')])).toEqual(['gpqa · m · nightly-1', 'gpqa · m · nightly-2'])
    expect(runLabels([run('x/gpqa_m.jsonl', 'gpqa', 'm'), run('x/gpqa_m.jsonl', 'gpqa', 'm')])).toEqual(['gpqa · m · gpqa_m #1', 'gpqa · m · gpqa_m #2'])
  })
})

describe('report --html and compare --html', () => {
  test('report --html lists all 227 failures with a search box, the instruction once, and rows that show the question', async () => {
    const dir = scratchDir('html-failures')
    writeRun(`${dir}/supergpqa_qwen3-8b.jsonl`, run300('qwen3:8b'))
    const out = `${dir}/report.html`
    expect(await reportCommand([`${dir}/supergpqa_qwen3-8b.jsonl`, '--html', out], captureIO())).toBe(0)
    const html = readFileSync(out, 'utf8')
    expect(html).toContain('227 wrong, errored or unscored samples.')
    expect(html.match(/<tr class="(wrong|error|unscored)" data-kind=/g)).toHaveLength(227)
    expect(html).toContain('<input type="search" placeholder="Search id, question, answer…"')
    expect(html).toContain('data-kind="wrong" checked> wrong (200)')
    expect(html).toContain('data-kind="error" checked> error (20)')
    // The instruction is shown once (in the shared note), not on 227 rows.
    expect(html.split('Think step by step before answering.')).toHaveLength(2)
    expect(html).toContain('<summary>Question 7: which reagent converts compound 7 into its amide form? A) NaBH4, 7 mmol B) PCC, 8 mmol C) H2SO4, 9 mmol D) SOCl2, 10 mmol</summary>')
    expect(html).toMatch(/ref <b>D<\/b><br>got <b>A<\/b>/) // sample 7: reference D, read A
    // A long answer folds to its start and its end (where the final answer is).
    expect(html).toMatch(/<summary>Let me think\. Compound 7 needs .* … .*so the reagent is A\. Answer: A<\/summary>/)
  })

  test('compare --html labels two runs of one model by their files and shows both answers on changed samples', async () => {
    const dir = scratchDir('html-compare-same-model')
    // The candidate gets samples 0–29 right (improvements) and 250–259 wrong (regressions).
    writeRun(`${dir}/main/supergpqa_qwen3-8b.jsonl`, run300('qwen3:8b'))
    writeRun(`${dir}/pr/supergpqa_qwen3-8b.jsonl`, run300('qwen3:8b', (i) => i < 30 || (i >= 250 && i < 260)))
    const out = `${dir}/compare.html`
    expect(await compareCommand([`${dir}/main/supergpqa_qwen3-8b.jsonl`, `${dir}/pr/supergpqa_qwen3-8b.jsonl`, '--html', out], captureIO())).toBe(0)
    const html = readFileSync(out, 'utf8')
    expect(html).toContain('<b>supergpqa · qwen3:8b · main</b> → <b>supergpqa · qwen3:8b · pr</b>')
    expect(html).toContain('<th>#1 supergpqa · qwen3:8b · main</th><th>#2 supergpqa · qwen3:8b · pr</th>')
    expect(html).toContain('Failed samples — supergpqa · qwen3:8b · pr')
    const paired = html.slice(html.indexOf('<h2>Paired comparison'), html.indexOf('</section>', html.indexOf('<h2>Paired comparison')))
    expect(paired.match(/<tr data-kind="(regression|improvement)">/g)).toHaveLength(40)
    expect(paired).toContain('data-kind="regression" checked> regression (10)')
    // Sample 250: right in main (answer C), wrong in pr (answer D); both answers and the reference on its row.
    const row = paired.slice(paired.indexOf('<td class="mono">supergpqa-0250</td>'), paired.indexOf('</tr>', paired.indexOf('supergpqa-0250')))
    expect(row).toMatch(/<span class="tag right">correct<\/span> <span class="mono small">got <b>C<\/b><\/span>.*so the reagent is C\. Answer: C/)
    expect(row).toMatch(/<span class="tag wrong">wrong<\/span> <span class="mono small">got <b>D<\/b><\/span>.*so the reagent is D\. Answer: D/)
    expect(row).toContain('<td class="mono ref"><b>C</b></td>')
    expect(row).toContain('Question 250: which reagent')
  })

  test.skipIf(!CHROMIUM && !process.env.CI)('Chromium: the failures page, a search (#q=), and the paired table read well', async () => {
    const dir = scratchDir('html-shots')
    writeRun(`${dir}/main/supergpqa_qwen3-8b.jsonl`, run300('qwen3:8b'))
    writeRun(`${dir}/pr/supergpqa_qwen3-8b.jsonl`, run300('qwen3:8b', (i) => i < 30 || (i >= 250 && i < 260)))
    expect(await reportCommand([`${dir}/pr/supergpqa_qwen3-8b.jsonl`, '--html', `${dir}/report.html`], captureIO())).toBe(0)
    expect(await compareCommand([`${dir}/main/supergpqa_qwen3-8b.jsonl`, `${dir}/pr/supergpqa_qwen3-8b.jsonl`, '--html', `${dir}/compare.html`], captureIO())).toBe(0)
    const artifacts = resolve('tmp/test-artifacts/html-report')
    mkdirSync(artifacts, { recursive: true })
    const shots = [
      ['report-failures.png', `file://${resolve(dir, 'report.html')}`, 3200],
      ['report-search.png', `file://${resolve(dir, 'report.html')}#q=amide+error`, 1800],
      ['compare-same-model.png', `file://${resolve(dir, 'compare.html')}`, 4200],
      // The paired table alone (the other sections cut out of a copy), a view the size of a screen.
      ['compare-paired.png', `file://${resolve(dir, 'paired-only.html')}`, 1500],
      ['report-failures-only.png', `file://${resolve(dir, 'failures-only.html')}`, 1500],
    ] as const
    const compare = readFileSync(`${dir}/compare.html`, 'utf8')
    writeFileSync(`${dir}/paired-only.html`, compare.replace(/<section( id="failures-\d+" data-filter)?>[^]*?<\/section>\n?/g, ''))
    writeFileSync(`${dir}/failures-only.html`, readFileSync(`${dir}/report.html`, 'utf8').replace(/<section>[^]*?<\/section>\n?/g, ''))
    for (const [name, url, height] of shots) {
      const png = join(artifacts, name)
      const r = await screenshot(url, png, { width: 1200, height, virtualTimeMs: 3000 })
      expect(r.ok, `${name}: ${r.stderr}`).toBe(true)
      const stats = pngStats(readPng(png))
      expect(stats.colours).toBeGreaterThan(20)
      expect(stats.inkShare).toBeGreaterThan(0.02)
    }
    if (process.env.JARVIS_UPDATE_DOCS) {
      copyFileSync(join(artifacts, 'report-failures-only.png'), resolve('docs/html-failures.png'))
      copyFileSync(join(artifacts, 'compare-paired.png'), resolve('docs/html-paired.png'))
    }
  }, 180_000)
})
