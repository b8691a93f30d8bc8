// TerminalBench v2.1 scoring in real containers (the local bwrap runtime and the real Docker engine, as this
// machine has them), on the fixture tasks: the oracle solutions pass, wrong and empty replies fail, partial
// credit, the agentic path through the shell tool, tests invisible to the agent, and a harness failure unscored.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Attempt } from '../../src/core/backend.ts'
import type { EvalRecord } from '../../src/core/record.ts'
import { EnvironmentScope } from '../../src/environments/scope.ts'
import { createShellTool } from '../../src/tools/shell.ts'
import { runtimeSetups } from '../../test/support/container-image.ts'
import { REPO_ROOT } from '../../test/support/run-process.ts'
import { taskEnvironment } from './environment.ts'
import { loadTerminalBench } from './loader.ts'
import { extractBash, scoreTask } from './scorer.ts'

const FIXTURES = join(REPO_ROOT, 'test/fixtures/terminalbench-v2.1')
const records = await loadTerminalBench({ seed: 1, log: () => {} }, { TBV21_REPO_DIR: FIXTURES })
const task = (id: string) => records.find((r) => r.metadata.task_id === id)!
const oracle = (id: string) => `Here is the script:\n\`\`\`bash\n${readFileSync(join(FIXTURES, id, 'solution', 'solve.sh'), 'utf8')}\`\`\`\nDone.`
const agentAttempt = (calls: number): Pick<Attempt, 'turns'> => ({ turns: [{ promptTokens: 1, completionTokens: 1, latencySeconds: 0, ttftSeconds: 0, costUsd: 0, finishReason: 'tool_calls', retries: 0, cached: false, toolCalls: Array.from({ length: calls }, (_, i) => ({ id: `c${i}`, name: 'shell', arguments: {} })) }] })

describe('extractBash', () => {
  test('the first bash/sh/shell fence, else the first fence, else the whole reply; think blocks ignored', () => {
    expect(extractBash('a\n```python\nx\n```\n```sh\necho 1\n```')).toBe('echo 1')
    expect(extractBash('```\necho plain\n```')).toBe('echo plain')
    expect(extractBash('<think>```bash\nrm -rf /\n```</think>\n```bash\necho real\n```')).toBe('echo real')
    expect(extractBash('  echo bare  ')).toBe('echo bare')
  })
})

for (const setup of await runtimeSetups()) {
  describe.skipIf(setup.skip)(`terminalbench-v2.1 scorer on the ${setup.name} runtime${setup.skip ? ` (skipped: ${setup.skip})` : ''}`, () => {
    const before: Record<string, string | undefined> = {}
    beforeAll(() => {
      for (const [k, v] of Object.entries(setup.env)) (before[k] = process.env[k]), (process.env[k] = v)
    })
    afterAll(() => {
      for (const [k, v] of Object.entries(before)) v === undefined ? delete process.env[k] : (process.env[k] = v)
    })
    const scored = async (record: EvalRecord, answer: string, attempt?: Pick<Attempt, 'turns'>, agent?: (env: import('../../src/core/environment.ts').Environment) => Promise<void>) => {
      const scope = new EnvironmentScope()
      try {
        const env = await scope.openFor(taskEnvironment(record))
        await agent?.(env)
        return await scoreTask(record, answer, { environment: env, attempt: attempt as Attempt })
      } finally {
        await scope.closeAll()
      }
    }

    test.each(['hello-file', 'sum-numbers', 'three-checks'])('the oracle solution of %s, as a one-shot reply, is correct', async (id) => {
      const s = await scored(task(id), oracle(id))
      expect(s, JSON.stringify(s.metadata)).toMatchObject({ isCorrect: true, score: 1, metadata: { mode: 'oneshot', agent_exit_code: 0, runtime: setup.name } })
    })

    test('a wrong script fails the tests; an empty reply is wrong without running anything', async () => {
      const wrong = await scored(task('sum-numbers'), '```bash\necho 5049 > /app/sum.txt\n```')
      expect(wrong).toMatchObject({ isCorrect: false, score: 0, reason: 'tests_failed', metadata: { reward_raw: '0', tests_exit_code: 0 } })
      expect(await scored(task('hello-file'), '   ')).toMatchObject({ isCorrect: false, reason: 'empty_response' })
    })

    test('partial credit from reward.json: one check of three is wrong, with its score', async () => {
      const s = await scored(task('three-checks'), '```bash\nmkdir -p /app/logs\n```')
      expect(s).toMatchObject({ isCorrect: false, reason: 'tests_failed', metadata: { reward: 0.3333, reward_raw: '{"reward": 0.3333}' } })
      expect(s.score).toBeCloseTo(0.3333, 4)
      expect(String(s.metadata.tests_stdout_tail)).toContain('1 of 3 checks passed')
    })

    test('agentic: the shell tool works in the container, cannot see the tests, and its state is what gets verified', async () => {
      const shell = createShellTool()
      const s = await scored(task('hello-file'), 'I created the file.', agentAttempt(2), async (environment) => {
        const look = await shell.call({ command: 'pwd; ls /tests 2>&1; ls /logs' }, { environment })
        expect(look.content).toMatch(/^\[exit 0\]\n--- stdout ---\n\/app\nls: cannot access '\/tests': No such file or directory\nverifier\n$/)
        const write = await shell.call({ command: 'echo "Hello, world!" > hello.txt && cat hello.txt', working_dir: '/app' }, { environment })
        expect(write).toEqual({ content: '[exit 0]\n--- stdout ---\nHello, world!\n', isError: false })
        expect(await shell.call({ command: 'exit 4' }, { environment })).toEqual({ content: '[exit 4]', isError: true })
        expect(await shell.call({ command: 'sleep 30', timeout: 1 }, { environment })).toMatchObject({ isError: true, content: 'Command timed out after 1s and was killed.' })
      })
      expect(s).toMatchObject({ isCorrect: true, score: 1, metadata: { mode: 'agentic' } })
      expect(s.metadata.agent_exit_code).toBeUndefined()
    })

    test('a container that died before scoring is a harness error (unscored), not a wrong answer', async () => {
      const scope = new EnvironmentScope()
      try {
        const env = await scope.openFor(taskEnvironment(task('hello-file')))
        await (env as import('../../src/environments/container.ts').ContainerEnvironment).container.remove()
        const s = await scoreTask(task('hello-file'), oracle('hello-file'), { environment: env })
        expect(s).toMatchObject({ isCorrect: null, reason: 'harness_error' })
      } finally {
        await scope.closeAll()
      }
    })
  })
}

test('without a container environment the sample is unscored, and the shell tool refuses to run', async () => {
  expect(await scoreTask(task('hello-file'), 'x', { environment: null })).toMatchObject({ isCorrect: null, reason: 'no_container' })
  expect(await createShellTool().call({ command: 'id' }, { environment: null })).toMatchObject({ isError: true, content: expect.stringMatching(/^No task container/) })
})
