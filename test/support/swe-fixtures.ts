// SWE-bench and SWE-fficiency rows for the fake Hub, with the real columns of SWE-bench Verified (and its mini
// subset) and of swefficiency/swefficiency, written for these tests: three tiny "repositories" under
// test/fixtures/swe/repos (two of them known to the stand-in harness there), gold patches that fix them, and the
// replies a scripted model gives (a fixing diff, a diff that does not fix, prose).
//
//   SWEBENCH_ROWS, SWEFFICIENCY_ROWS, writeSweHubFixtures(root), SWE_ANSWERS, STANDIN_HARNESS (a PYTHONPATH)
import { join } from 'node:path'
import { REPO_ROOT } from './run-process.ts'
import { writeParquetDataset, type ParquetSchema, type Row } from './dataset-fixtures.ts'

export const STANDIN_HARNESS = join(REPO_ROOT, 'test/fixtures/swe/harness')

const diff = (file: string, hunk: string) => `diff --git a/${file} b/${file}\n--- a/${file}\n+++ b/${file}\n${hunk}`
const SLUGIFY_FIX = diff('slugify.py', '@@ -1,3 +1,3 @@\n def slugify(text):\n     """Lower-case words joined by hyphens: "Hello World" -> "hello-world"."""\n-    return "_".join(text.lower().split())\n+    return "-".join(text.lower().split())\n')
const MEAN_FIX = diff('mathx.py', '@@ -1,3 +1,3 @@\n def mean(values):\n     """Arithmetic mean of a non-empty list."""\n-    return sum(values) / (len(values) - 1)\n+    return sum(values) / len(values)\n')
const MEAN_NOT_A_FIX = diff('mathx.py', '@@ -1,3 +1,3 @@\n def mean(values):\n-    """Arithmetic mean of a non-empty list."""\n+    """Arithmetic mean of a non-empty list (never empty)."""\n     return sum(values) / (len(values) - 1)\n')

const base = (i: number) => ({
  base_commit: `${'0123456789abcdef'.repeat(2)}${String(i).repeat(8)}`,
  test_patch: '',
  created_at: `2023-0${i}-1${i}T09:30:00Z`,
  version: `1.${i}`,
  environment_setup_commit: `${'fedcba9876543210'.repeat(2)}${String(i).repeat(8)}`,
})

export const SWEBENCH_SCHEMA: ParquetSchema = {
  repo: 'STRING', instance_id: 'STRING', base_commit: 'STRING', patch: 'STRING', test_patch: 'STRING', problem_statement: 'STRING', hints_text: 'STRING',
  created_at: 'STRING', version: 'STRING', FAIL_TO_PASS: 'STRING', PASS_TO_PASS: 'STRING', environment_setup_commit: 'STRING', difficulty: 'STRING',
}

export const SWEBENCH_ROWS: Row[] = [
  { repo: 'tinylib/slugify', instance_id: 'tinylib__slugify-7', ...base(1), patch: SLUGIFY_FIX, problem_statement: 'slugify() joins words with underscores\n\n`slugify("Hello World")` returns `hello_world`; the docs promise `hello-world`.', hints_text: 'The join character is wrong.', FAIL_TO_PASS: '["tests/test_slugify.py::test_hyphens", "tests/test_slugify.py::test_spaces"]', PASS_TO_PASS: '["tests/test_slugify.py::test_lower"]', difficulty: '<15 min fix' },
  { repo: 'tinylib/mathx', instance_id: 'tinylib__mathx-12', ...base(2), patch: MEAN_FIX, problem_statement: 'mean() is off for every list\n\n`mean([1, 2, 3])` gives 3.0 and `mean([5])` divides by zero.', hints_text: '', FAIL_TO_PASS: '["tests/test_mean.py::test_mean"]', PASS_TO_PASS: '[]', difficulty: '<15 min fix' },
  { repo: 'tinylib/textwrap2', instance_id: 'tinylib__textwrap2-3', ...base(3), patch: diff('wrap.py', '@@ -1 +1 @@\n-x\n+y\n'), problem_statement: 'wrap() drops the last word when the width is exact.', hints_text: '', FAIL_TO_PASS: '["tests/test_wrap.py::test_exact"]', PASS_TO_PASS: '[]', difficulty: '15 min - 1 hour' },
  { repo: 'tinylib/empty', instance_id: 'tinylib__empty-1', ...base(4), patch: '', problem_statement: '   ', hints_text: '', FAIL_TO_PASS: '[]', PASS_TO_PASS: '[]', difficulty: '' },
]

const { difficulty: _, ...SHARED } = SWEBENCH_SCHEMA
export const SWEFFICIENCY_SCHEMA: ParquetSchema = { ...SHARED, workload: 'STRING', speedup: 'DOUBLE', covering_tests: 'LIST<STRING>', image_name: 'STRING' }

export const SWEFFICIENCY_ROWS: Row[] = [
  { repo: 'tinylib/mathx', instance_id: 'tinylib__mathx-40', ...base(5), patch: MEAN_FIX, problem_statement: 'mean() walks the list twice.', hints_text: '', FAIL_TO_PASS: '[]', PASS_TO_PASS: '["tests/test_mean.py::test_mean"]', workload: 'import timeit\nfrom mathx import mean\nprint(timeit.timeit(lambda: mean(list(range(10**6))), number=5))', speedup: 1.8, covering_tests: ['tests/test_mean.py'], image_name: 'ghcr.io/swefficiency/swefficiency-images:tinylib__mathx-40' },
  { repo: 'tinylib/slugify', instance_id: 'tinylib__slugify-41', ...base(6), patch: SLUGIFY_FIX, problem_statement: 'slugify() is slow on long texts.', hints_text: '', FAIL_TO_PASS: '[]', PASS_TO_PASS: '[]', workload: '', speedup: null, covering_tests: [], image_name: '' },
]

/** The scripted model: a phrase of the prompt → its reply. */
export const SWE_ANSWERS: [phrase: string, reply: string][] = [
  ['joins words with underscores', `Here is the fix:\n\n\`\`\`diff\n${SLUGIFY_FIX}\`\`\``],
  ['is off for every list', MEAN_NOT_A_FIX],
  ['drops the last word', 'I could not find the bug in wrap(); it looks correct to me.'],
  ['walks the list twice', `\`\`\`diff\n${MEAN_FIX}\`\`\``],
  ['slow on long texts', ''],
]

export async function writeSweHubFixtures(root: string): Promise<void> {
  await writeParquetDataset(root, 'MariusHobbhahn/swe-bench-verified-mini', 'default/test', SWEBENCH_ROWS, SWEBENCH_SCHEMA)
  await writeParquetDataset(root, 'swefficiency/swefficiency', 'default/test', SWEFFICIENCY_ROWS, SWEFFICIENCY_SCHEMA)
}
