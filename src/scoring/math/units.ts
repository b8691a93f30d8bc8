// Comparing the units two answers were written with. OpenJarvis's graders (and ours before) dropped units on
// both sides and never compared them, so `5\text{ m}` equalled `5\text{ cm}`.
//
//   unitRelation(a, b): UnitRelation
//     'none'             at most one side has a unit ("5 cm" against the reference "5"): compare the values
//     { factor }          value_a · factor is in b's unit (1 for the same unit; "5 m" vs "500 cm": 100)
//     'incompatible'      both are physical units of different kinds (5 m against 5 kg): different
//     'unsure'            different words mathjs cannot relate ("6 ways" against "6 units"): the judge decides
import { create, all, type MathJsInstance, type Unit } from 'mathjs'

export type UnitRelation = 'none' | 'incompatible' | 'unsure' | { factor: number }

let math: MathJsInstance | undefined

/** Our spellings → mathjs unit names (mathjs knows most plurals: "inches", "meters", "hours"). */
const ALIASES: Record<string, string> = {
  centimeter: 'cm', centimeters: 'cm', centimetre: 'cm', centimetres: 'cm', millimeters: 'mm', kilometers: 'km',
  metres: 'm', metre: 'm', sq: 'square', hrs: 'hr', mins: 'min', secs: 's', second: 's', seconds: 's', pounds: 'lbm', pound: 'lbm',
  lb: 'lbm', lbs: 'lbm', mph: 'mi/h', kph: 'km/h',
}
/** Words that look like units to mathjs but are not ("pm" is a time of day, not a picometre). */
const NOT_UNITS = new Set(['am', 'pm', 'units', 'unit', 'ways', 'way'])

/** A unit text in mathjs syntax: "square inches" → "inches^2", "cm^2" stays, "inches^2" stays. */
function canonical(unit: string): string {
  let words = unit.toLowerCase().replace(/\.$/, '').trim().split(/\s+/)
  let power = ''
  if (words[0] === 'square' || words[0] === 'sq') (power = '^2'), (words = words.slice(1))
  else if (words[0] === 'cubic') (power = '^3'), (words = words.slice(1))
  const text = words.map((w) => ALIASES[w] ?? w).join(' ')
  return text + power
}

/** The mathjs unit for a unit text, or null when mathjs does not know it (or it is no unit). */
function toMathjs(unit: string): Unit | null {
  const u = canonical(unit)
  if (NOT_UNITS.has(u.replace(/\^\d$/, ''))) return null
  math ??= create(all, { number: 'number' })
  try {
    return math.unit(1, u) as Unit
  } catch {
    return null
  }
}

export function unitRelation(a: string | null, b: string | null): UnitRelation {
  if (!a || !b) return 'none'
  if (canonical(a) === canonical(b)) return { factor: 1 }
  const ua = toMathjs(a)
  const ub = toMathjs(b)
  if (!ua || !ub) return 'unsure'
  if (!ua.equalBase(ub)) return 'incompatible'
  return { factor: ua.toSI().toNumber() / ub.toSI().toNumber() }
}
