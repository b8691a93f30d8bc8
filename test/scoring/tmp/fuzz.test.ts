import { test } from 'vitest'
import { mathEquivalent, extractFinalAnswer } from '../../../src/scoring/math/index.ts'
import { parseCorrectVerdict, parsePairwiseVerdict, parseChecklist } from '../../../src/scoring/verdict.ts'
import { mathFastPath } from '../../../src/scoring/math/fast-path.ts'
test('big', () => {
  const big = ('We consider the case $x = 2$ and compute $\\frac{1}{2}$ of it, which is not correct. [[A>B]] ' + '$'.repeat(3) + ' {{ (( [[ \n').repeat(4000) + 'The answer is \\boxed{5}'
  for (const [name, f] of [['extract', () => extractFinalAnswer(big)], ['fast', () => mathFastPath(big, '5', { decideFalse: true })], ['verdict', () => parseCorrectVerdict(big)], ['pair', () => parsePairwiseVerdict(big)], ['check', () => parseChecklist(big, 10)], ['eq', () => mathEquivalent(big.slice(0, 399), '5')]] as const) {
    const t = Date.now(); const r = (f as () => unknown)(); console.log(name, Date.now() - t, JSON.stringify(r).slice(0, 80))
  }
  const oneLine = 'a'.repeat(200000) + ' $x$'
  let t = Date.now(); extractFinalAnswer(oneLine); console.log('oneline', Date.now() - t)
  t = Date.now(); extractFinalAnswer('$' + ' x'.repeat(100000)); console.log('dollar', Date.now() - t)
  t = Date.now(); parseCorrectVerdict('not '.repeat(50000) + 'correct'); console.log('nots', Date.now() - t)
  t = Date.now(); parseChecklist('{'.repeat(100000), 3); console.log('braces', Date.now() - t)
  t = Date.now(); parseChecklist('{"a": "' + 'x'.repeat(100000), 3); console.log('str', Date.now() - t)
})
