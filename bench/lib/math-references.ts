// 500 MATH-style reference answers, generated (seeded, same list every run) in the proportions of MATH-500's
// `answer` column: ~62 % integers, 14 % fractions, 4 % radicals, 3 % tuples and intervals, 2 % complex numbers,
// 2 % text, 2 % lists, 1 % decimals, 10 % other forms (degrees, bases, equations, polynomials, π multiples,
// expressions). Written here rather than copied from the dataset, so the bench carries no dataset rows.
import { createRng } from '../../src/stats/prng.ts'

const rng = createRng(500)
const rnd = () => rng.next()
const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1))
const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]
const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b))

function fraction(): string {
  for (;;) {
    const p = int(1, 60)
    const q = int(2, 90)
    if (gcd(p, q) !== 1) continue
    const sign = rnd() < 0.15 ? '-' : ''
    return pick([`${sign}\\frac{${p}}{${q}}`, `${sign}\\frac{${p}}{${q}}`, `\\frac{${p}\\sqrt{${pick([2, 3, 5, 6, 7])}}}{${q}}`, `\\frac{${p}\\pi}{${q}}`])
  }
}

const radical = () => pick([`${int(2, 30)}\\sqrt{${pick([2, 3, 5, 6, 7, 10, 11, 13, 15])}}`, `\\sqrt{${pick([2, 3, 5, 7, 51, 65, 97])}}`, `${int(2, 9)}\\sqrt${pick([2, 3, 5])}`, `${int(1, 9)} + ${int(2, 5)}\\sqrt{${pick([2, 3, 5])}}`])
const tuple = () => pick([`(${int(-9, 9)},${int(-9, 40)},${int(-9, 9)})`, `(${int(-9, 9)}, ${int(-9, 9)})`, `[${int(-9, 0)}, ${int(1, 9)})`, `(-\\infty, ${int(-5, 5)}]`, `\\left( ${int(1, 9)}, \\frac{\\pi}{${pick([2, 3, 4, 6])}} \\right)`])
const complex = () => `${int(-9, 9)} ${pick(['+', '-'])} ${int(1, 9)}i`
const text = () => `\\text{${pick(['Evelyn', 'Tuesday', 'east', 'odd', 'neither', '(C)', '(E)', 'Carla', 'Friday'])}}`
const list = () => pick([`${int(-9, 9)}, ${int(-9, 9)}`, `${int(1, 5)}, ${int(6, 9)}, ${int(10, 15)}`, `${int(-5, -1)},${int(1, 5)}`])
const decimal = () => `${int(0, 99)}.${pick(['25', '5', '15', '75', '05', '4'])}`
const other = () =>
  pick([
    `${pick([30, 45, 60, 90, 120, 135])}^\\circ`,
    `${int(10, 77)}_${pick([5, 6, 8])}`,
    `x=${int(-9, 9)}`,
    `${pick(['', '2', '3'])}\\pi`,
    'p - q',
    `x^${int(2, 5)} - ${int(1, 9)}x + ${int(1, 9)}`,
    `${int(2, 9)}x + ${int(1, 9)}`,
    `\\frac{${int(1, 9)}}{x}`,
    `y = ${int(2, 5)}x - ${int(1, 9)}`,
  ])

function reference(): string {
  const u = rnd()
  if (u < 0.622) return String(rnd() < 0.08 ? -int(1, 500) : rnd() < 0.7 ? int(0, 200) : int(201, 20000))
  if (u < 0.762) return fraction()
  if (u < 0.802) return radical()
  if (u < 0.832) return tuple()
  if (u < 0.854) return complex()
  if (u < 0.872) return text()
  if (u < 0.888) return list()
  if (u < 0.902) return decimal()
  return other()
}

export const MATH_REFERENCES: readonly string[] = Array.from({ length: 500 }, reference)
