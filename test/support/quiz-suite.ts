import { writeFileSync } from 'node:fs'
import { join } from 'node:path'

export const LETTERS4 = ['A', 'B', 'C', 'D']

/** N four-option questions; the right letter of question i is LETTERS4[i % 4]. */
export function writeQuiz(dir: string, n: number): string {
  const path = join(dir, 'quiz.jsonl')
  const rows = Array.from({ length: n }, (_, i) => ({ id: `q${String(i).padStart(4, '0')}`, question: `Question ${i}: pick ${LETTERS4[i % 4]}.`, choices: ['w', 'x', 'y', 'z'], answer: LETTERS4[i % 4], topic: `t${i % 3}` }))
  writeFileSync(path, rows.map((r) => JSON.stringify(r)).join('\n') + '\n')
  return path
}

/** The right answer for a prompt written by writeQuiz (what a perfect model says). */
export const quizAnswer = (prompt: string): string => {
  const m = /pick ([A-D])\./.exec(prompt)
  return m ? `The answer is ${m[1]}` : 'no idea'
}

/** A one-model, one-benchmark suite over the quiz file; `extra` goes into [run]. */
export function writeQuizSuite(dir: string, o: { baseUrl: string; model?: string; quiz: string; out: string; run?: string; name?: string }): string {
  const path = join(dir, `${o.name ?? 'suite'}.toml`)
  writeFileSync(
    path,
    `[run]\noutput_dir = "${o.out}"\n${o.run ?? ''}\n\n[[models]]\nname = "${o.model ?? 'test-model'}"\nbase_url = "${o.baseUrl}"\n\n` +
      `[[benchmarks]]\nname = "quiz"\nscorer = "mcq"\n\n[benchmarks.dataset]\npath = "${o.quiz}"\nid_field = "id"\nchoices_field = "choices"\nsubject_field = "topic"\n`,
  )
  return path
}
