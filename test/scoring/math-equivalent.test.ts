import { describe, expect, test } from 'vitest'
import { mathEquivalent } from '../../src/scoring/math/index.ts'

// [model's final answer, reference (MATH-500 style), expected verdict]
const CASES: [string, string, true | false | 'unsure'][] = [
  // plain numbers, signs, decimals
  ['42', '42', true],
  ['  42 ', '42', true],
  ['-3', '-3', true],
  ['3', '-3', false],
  ['0.5', '\\frac{1}{2}', true],
  ['1/2', '\\frac12', true],
  ['\\dfrac{1}{2}', '0.5', true],
  ['\\tfrac{3}{4}', '\\frac{3}{4}', true],
  ['.75', '\\frac34', true],
  ['\\frac{2}{4}', '\\frac{1}{2}', true],
  ['\\frac{14}{3}', '4.666666667', true],
  ['1.36', '1.36', true],
  ['1.37', '1.36', false],
  ['-\\frac{1}{2}', '\\frac{-1}{2}', true],
  ['\\frac{9}{7}', '\\dfrac{9}{7}', true],
  // commas, money, percent, units, degrees
  ['10,000', '10000', true],
  ['32348', '\\$32,\\!348', true],
  ['\\$32,348', '32,\\!348', true],
  ['11,111,111,100', '11,\\! 111,\\! 111,\\! 100', true],
  ['10\\%', '10', true],
  ['10%', '0.1', true],
  ['25\\%', '30\\%', false],
  ['90^\\circ', '90', true],
  ['90^{\\circ}', '90^\\circ', true],
  ['90°', '90', true],
  ['30 degrees', '30^\\circ', true],
  ['5\\text{ cm}', '5', true],
  ['12 inches', '12', true],
  ['6 \\text{ square units}', '6', true],
  ['20\\text{ cm}^2', '20', true],
  // radicals, pi, powers, products
  ['\\sqrt{2}', '2^{1/2}', true],
  ['\\sqrt2', '\\sqrt{2}', true],
  ['3\\sqrt{13}', '\\sqrt{117}', true],
  ['11\\sqrt2', '11 \\sqrt{2}', true],
  ['\\frac{\\sqrt{3}}{2}', '\\frac{1}{2}\\sqrt{3}', true],
  ['\\sqrt[3]{8}', '2', true],
  ['6\\pi', '6 \\pi', true],
  ['\\frac{3\\pi}{4}', '\\frac{3}{4}\\pi', true],
  ['2\\pi', '\\pi', false],
  ['2 \\cdot 3', '6', true],
  ['2 \\times 10^{3}', '2000', true],
  ['2^10', '1024', true],
  ['\\left( 3 \\right)', '3', true],
  ['\\binom{5}{2}', '10', true],
  ['6 - 5i', '6-5i', true],
  ['6 + 5i', '6-5i', false],
  // symbolic
  ['2x+1', '1+2x', true],
  ['x^2+7x+10', '(x+2)(x+5)', true],
  ['x^2+7x+10', '(x+2)(x+4)', false],
  ['p - q', 'p-q', true],
  ['q - p', 'p-q', false],
  ['\\frac{a+b}{2}', '\\frac{b}{2}+\\frac{a}{2}', true],
  ['2ab', '2 \\cdot a \\cdot b', true],
  ['x = 5', '5', true],
  ['5', 'x=5', true],
  ['y = 2x + 3', '2x + 3', true],
  ['2x - y + 3 = 0', 'y = 2x + 3', true],
  ['x \\in [-2, 7]', '[-2,7]', true],
  // tuples, intervals, sets, lists
  ['(1,2)', '(1, 2)', true],
  ['(1,2)', '12', false],
  ['12', '(1,2)', false],
  ['(2,1)', '(1,2)', false],
  ['\\left( 3, \\frac{\\pi}{2} \\right)', '\\left( 3, \\frac{\\pi}{2} \\right)', true],
  ['(3, 1.5707963268)', '\\left( 3, \\frac{\\pi}{2} \\right)', true],
  ['[1, 2)', '[1,2)', true],
  ['[1, 2]', '[1,2)', false],
  ['(-\\infty, -1) \\cup (-1, \\infty)', '(-\\infty,-1)\\cup(-1,\\infty)', true],
  ['(-1, \\infty) \\cup (-\\infty, -1)', '(-\\infty,-1)\\cup(-1,\\infty)', true],
  ['(-\\infty, 3]', '(-\\infty, 3)', false],
  ['\\{1, 2\\}', '\\{2, 1\\}', true],
  ['-2, 1', '1,-2', true],
  ['1, -2, 3', '1,-2', false],
  ['x = 1 \\text{ or } x = -2', '1, -2', true],
  ['\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}', '\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}', true],
  ['\\begin{pmatrix} 1 \\\\ 3 \\end{pmatrix}', '\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}', false],
  ['(1, 2)', '\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}', true],
  ['\\$1.25', '1.25', true],
  ['\\frac{1}{\\sqrt{2}}', '\\frac{\\sqrt{2}}{2}', true],
  ['\\frac52', '2.5', true],
  ['3+\\sqrt{2}', '\\sqrt2 + 3', true],
  ['\\sqrt{x}', 'x^{1/2}', true],
  ['\\sqrt{-1}', 'i', true],
  ['1+i', '1-i', false],
  ['6 ways', '6', true],
  ['3 xy', '3', false],
  ['10 000', '10000', true],
  ['10{,}080', '10080', true],
  ['10\\,080', '10,080', true],
  ['\\infty', '\\infty', true],
  // words and letters
  ['\\text{Evelyn}', 'Evelyn', true],
  ['evelyn', '\\text{Evelyn}', true],
  ['\\text{(C)}', 'C', true],
  ['(D)', '\\text{(C)}', false],
  ['B', '\\text{B}', true],
  ['3', '\\text{(C)}', 'unsure'],
  ['\\text{even}', '\\text{odd}', 'unsure'],
  ['Sunday', '\\text{Monday}', 'unsure'],
  // cannot parse → the judge decides
  ['1 \\pm \\sqrt{2}', '1 + \\sqrt{2}, 1 - \\sqrt{2}', true],
  ['1 \\pm \\sqrt{3}', '1 + \\sqrt{2}, 1 - \\sqrt{2}', false],
  ['\\log_{2} 8 \\approx 3', '3', 'unsure'],
  // inequalities are intervals (these were unsure before issue 12; math-fidelity-cases.json has more)
  ['\\frac{1}{2} < x', '(0.5, \\infty)', true],
  ['x < 3', 'x<3', true],
  ['x \\le 4', 'x < 3', false],
  ['', '5', false],
]

describe('mathEquivalent', () => {
  test.each(CASES)('%s vs %s → %s', (answer, reference, expected) => {
    expect(mathEquivalent(answer, reference).equivalent).toBe(expected)
  })

  test('reports how it decided', () => {
    expect(mathEquivalent('0.5', '\\frac{1}{2}').method).toBe('numeric')
    expect(mathEquivalent('2x+1', '1+2x').method).toBe('symbolic')
    expect(mathEquivalent('\\text{Evelyn}', 'Evelyn').method).toBe('string')
    expect(mathEquivalent('(1,2)', '12').method).toBe('structure')
    expect(mathEquivalent('\\text{even}', 'odd').method).toBe('unparseable')
  })
})

describe('robustness', () => {
  test('never throws, and answers unsure or a verdict, on malformed LaTeX', () => {
    const atoms = ['\\frac{', '}', '{', '\\sqrt', '(', ')', '[', ']', ',', 'x', '2', '\\pi', '=', '\\{', '\\}', '^', '_', '\\text{', 'cm', ' ', '-', '\\cup', '\\pm', '|', '\\left(', '%', '$', '\\', '1,000', '\\infty', ' or ', '\\begin{pmatrix}', '\\\\', '&', '!', '**', '<', '\\sin', '\\log_', '^2', '1.5e3', '1,5', '>', '\\le ', ';', '\\text{ m}', '\\frac12', '\\ln', '3\\frac{1}{2}', '\\right)', '\\cos^{-1}']
    let seed = 7
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647
    const make = () => Array.from({ length: 1 + Math.floor(rnd() * 8) }, () => atoms[Math.floor(rnd() * atoms.length)]).join('')
    for (let n = 0; n < 2000; n++) {
      const v = mathEquivalent(make(), make()).equivalent
      expect([true, false, 'unsure']).toContain(v)
    }
  })

  test('huge values and deep nesting stay cheap', () => {
    expect(mathEquivalent('9^{9^{9^{9}}}', '1').equivalent).toBe(false)
    expect(mathEquivalent('\\frac{'.repeat(80) + '1' + '}{2}'.repeat(80), '1').equivalent).toBe('unsure')
  })
})
