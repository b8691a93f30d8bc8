// The 29 built-in tasks: well-formed, and every reference solution passes its own asserts in the sandbox.
import { describe, expect, it } from 'vitest'
import { loadCodingTasks } from './loader.ts'
import { scoreAnswer } from './scorer.ts'
import { TASKS } from './tasks.ts'

describe('coding_task tasks', () => {
  it('has 29 tasks with unique ids, a signature naming the entry point, and at least 4 asserts each', () => {
    expect(TASKS).toHaveLength(29)
    expect(new Set(TASKS.map((t) => t.id)).size).toBe(29)
    for (const t of TASKS) {
      expect(t.signature, t.id).toMatch(new RegExp(`^def ${t.entry_point}\\(`))
      expect(t.test_cases.length, t.id).toBeGreaterThanOrEqual(4)
      expect(t.test_cases.every((a) => a.startsWith('assert ')), t.id).toBe(true)
      expect(t.examples.length, t.id).toBeGreaterThan(0)
    }
  })

  it.concurrent.each(TASKS.map((t) => [t.id, t] as const))('reference solution of %s passes all its asserts', async (_, task) => {
    const [record] = (await loadCodingTasks({ seed: 0, log: () => {} })).filter((r) => r.metadata.task_id === task.id)
    const s = await scoreAnswer(record, `\`\`\`python\n${task.reference}\n\`\`\``)
    expect(s.metadata, JSON.stringify(s.metadata)).toMatchObject({ tests_passed: task.test_cases.length, tests_total: task.test_cases.length })
    expect(s.isCorrect).toBe(true)
  })
})
