// os_interaction in a container on each runtime this machine has (local bwrap; the real Docker engine CI
// starts): the initialization command before the agent, the shell tool, the evaluation command's exit code.
import { describe, expect, test } from 'vitest'
import type { Attempt } from '../../src/core/backend.ts'
import { openEnvironment } from '../../src/environments/index.ts'
import type { ContainerEnvironment } from '../../src/environments/container.ts'
import { runtimeSetups, TEST_IMAGE, withEnv } from '../../test/support/container-image.ts'
import { OS_ROWS } from '../../test/support/lifelong-fixtures.ts'
import benchmark from './benchmark.ts'
import { subsetRecords } from './loader.ts'
import { bashBlocks, scoreOs } from './os-task.ts'

const { records } = subsetRecords('os_interaction', OS_ROWS)
const [reports, countErrors] = records
const attempt = (calls: number, stop: Attempt['stop'] = 'answer'): Attempt =>
  ({ turns: Array.from({ length: calls }, (_, i) => ({ toolCalls: [{ id: `c${i}`, name: 'shell', arguments: {} }] })), stop }) as unknown as Attempt

test('one-shot replies: every ```bash fence, joined', () => {
  expect(bashBlocks('Act: bash\n```bash\nmkdir -p /tmp/a\n```\nthen\n```bash\necho x > /tmp/a/b\n```')).toBe('mkdir -p /tmp/a\n\necho x > /tmp/a/b')
  expect(bashBlocks('Act: finish')).toBeNull()
})

for (const setup of await runtimeSetups()) {
  describe.skipIf(setup.skip)(`os_interaction on the ${setup.name} runtime${setup.skip ? ` (skipped: ${setup.skip})` : ''}`, () => {
    const env = { ...setup.env, JARVIS_LIFELONG_OS_IMAGE: TEST_IMAGE }
    const inSample = <T>(record: (typeof records)[number], fn: (e: ContainerEnvironment) => Promise<T>) =>
      withEnv(env, async () => {
        const e = (await openEnvironment(benchmark.environment!(record)!)) as ContainerEnvironment
        try {
          return await fn(e)
        } finally {
          await e.close()
        }
      })
    const shell = benchmark.sampleTools!(countErrors)[0]

    test('the initialization ran (python); the agent works through shell; the evaluation exits 0', async () => {
      const s = await inSample(countErrors, async (e) => {
        const r = await shell.call({ command: 'grep -c ERROR /tmp/data/log.txt > /tmp/data/count.txt; cat /tmp/data/count.txt' }, { environment: e })
        expect(r).toEqual({ content: '[exit 0]\n--- stdout ---\n2\n', isError: false })
        return scoreOs(countErrors, 'Act: finish', { environment: e, attempt: attempt(1) })
      })
      expect(s).toMatchObject({ isCorrect: true, extracted: 'exit 0', metadata: { mode: 'agentic', runtime: setup.name, image: TEST_IMAGE, eval_exit_code: 0 } })
    }, 120_000)

    test('a wrong state fails the evaluation; a run out of rounds is still judged on the state', async () => {
      const wrong = await inSample(countErrors, async (e) => {
        await shell.call({ command: 'echo 3 > /tmp/data/count.txt' }, { environment: e })
        return scoreOs(countErrors, 'Act: finish', { environment: e, attempt: attempt(1) })
      })
      expect(wrong).toMatchObject({ isCorrect: false, reason: 'evaluation_failed', metadata: { eval_exit_code: 1 } })
      const late = await inSample(reports, async (e) => {
        await shell.call({ command: 'mkdir -p /tmp/reports && echo done > /tmp/reports/summary.txt' }, { environment: e })
        return scoreOs(reports, '', { environment: e, attempt: attempt(6, 'max_turns') })
      })
      expect(late).toMatchObject({ isCorrect: true, metadata: { stop: 'max_turns' } })
    }, 120_000)

    test('one-shot: the reply\'s bash runs, then the evaluation', async () => {
      const s = await inSample(reports, (e) => scoreOs(reports, 'Act: bash\n```bash\nmkdir -p /tmp/reports\necho done > /tmp/reports/summary.txt\n```', { environment: e, attempt: attempt(0) }))
      expect(s).toMatchObject({ isCorrect: true, metadata: { mode: 'oneshot', oneshot_exit_code: 0 } })
    }, 120_000)

    test('a failing initialization fails the sample\'s setup (upstream: a task environment error)', async () => {
      const broken = { ...reports, metadata: { ...reports.metadata, init: { command_name: 'bash', script: 'exit 3' } } }
      await expect(inSample(broken, async () => null)).rejects.toThrow(/container setup .* failed \(exit 3\)/)
    }, 120_000)
  })
}
