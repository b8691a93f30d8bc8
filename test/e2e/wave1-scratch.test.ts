import { test } from 'vitest'
import { mathFastPath } from '../../src/scoring/math/fast-path.ts'
import { shortAnswerMatch } from '../../src/scoring/normalize.ts'
import { parseCorrectVerdict, parsePairwiseVerdict } from '../../src/scoring/verdict.ts'
test('probe', () => {
  const p = (a: string, r: string, d: boolean) => console.log(JSON.stringify([a, r, mathFastPath(a, r, { decideFalse: d })]))
  p('So the sum is $\\boxed{\\frac{5}{6}}$.', '\\frac{5}{6}', true)
  p('The hypotenuse is $\\boxed{3\\sqrt{12}}$.', '3\\sqrt{13}', true)
  p('The polar form is $\\boxed{\\left( 5, \\frac{3\\pi}{2} \\right)}$.', '\\left( 5, \\frac{3 \\pi}{2} \\right)', true)
  p('Counting weeks forward.\nIt lands on a Tuesday.', '\\text{Tuesday}', true)
  p('Factoring.\nThe roots should be -3 and 2, probably.', '-3, 2', true)
  p('The interval is $\\boxed{(-3, 7)}$.', '[-3,7]', true)
  p('v = g t, so t = 14.7/9.8.\nFinal answer: 1.5', '1.5', false)
  p('2.5/2.0 = 1.2.\nFinal answer: 20%', 'The final answer is: $\\boxed{25\\%}$', false)
  p('Explanation: rotations.\nAnswer: 60', '60', false)
  p('Explanation: helicase unwinds.\nAnswer: C', 'B', false)
  p('Explanation: amortized.\nAnswer: the Fredman–Tarjan heap', 'Fibonacci heap', false)
  console.log(shortAnswerMatch('1024', '1,024'), shortAnswerMatch('Ada Quinlan', 'Ada Quinlan'))
  for (const t of ['Verdict: CORRECT', 'Grade: B+ (the gist is right)', '**correct:** yes', 'correct: yes']) console.log(t, JSON.stringify(parseCorrectVerdict(t)))
  console.log(parsePairwiseVerdict('Options:\n[[A>>B]]\n[[A>B]]\n[[A=B]]\n[[B>A]]\n[[B>>A]]\n\nMy final verdict is [[B>A]]'))
})
