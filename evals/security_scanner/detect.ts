// The deterministic half of security_scanner scoring: which vulnerabilities a report found, whether it names
// their severities, and whether it flags the safe code.
//
//   detectFindings(answer, vulns, safePatterns): Findings
//
// OpenJarvis's rules (§2.4), on normalised text: a vulnerability is found when the report names its file and its
// type (or an alias); a severity counts when its word appears in the report; a safe pattern is a false positive
// when a risk word ("vulnerab", "insecure", "unsafe", "exploit", "risk") is within 200 characters of it. Two
// changes: a file may be named by its base name ("test_config.py" for tests/test_config.py), and a safe pattern
// the report explicitly clears ("… is safe", "not vulnerable", "no risk", "false positive") is not a finding.
import { normalizeForMatch } from '../../src/scoring/phrases.ts'
import type { Vulnerability } from './loader.ts'
import { VULN_TYPES, type VulnType } from './vuln-types.ts'

export interface Findings {
  found: Vulnerability[]
  missed: Vulnerability[]
  /** Found vulnerabilities whose severity word appears in the report. */
  severityCorrect: number
  /** Safe patterns the report flags as a problem. */
  falsePositives: string[]
}

const RISK = /vulnerab|insecure|unsafe|exploit|risk/i
const CLEARED = /\b(?:is|are|looks|remains|stays)\s+(?:already\s+)?(?:safe|secure|fine|correct)|\bnot\s+(?:vulnerable|an?\s+(?:issue|problem|risk|vulnerability))|\bno\s+(?:risk|issue|problem|vulnerability)|\bcorrectly\b|\bproperly\b|\bsafely\b|false\s+positive/i
export const WINDOW = 200

const typeWords = (t: VulnType): string[] => [t.replace(/_/g, ' '), t, ...VULN_TYPES[t]].map(normalizeForMatch)

function fileNamed(file: string, norm: string): boolean {
  const base = file.split('/').pop() ?? file
  return norm.includes(normalizeForMatch(file)) || norm.includes(normalizeForMatch(base))
}

function flagged(answer: string, pattern: string): boolean {
  const text = answer.toLowerCase()
  const p = pattern.toLowerCase()
  for (let at = text.indexOf(p); at >= 0; at = text.indexOf(p, at + 1)) {
    const around = `${text.slice(Math.max(0, at - WINDOW), at)} ${text.slice(at + p.length, at + p.length + WINDOW)}`
    if (RISK.test(around) && !CLEARED.test(around)) return true
  }
  return false
}

export function detectFindings(answer: string, vulns: readonly Vulnerability[], safePatterns: readonly string[]): Findings {
  const norm = normalizeForMatch(answer)
  const found: Vulnerability[] = []
  const missed: Vulnerability[] = []
  for (const v of vulns) (fileNamed(v.file, norm) && typeWords(v.type as VulnType).some((w) => norm.includes(w)) ? found : missed).push(v)
  const severityCorrect = found.filter((v) => new RegExp(`\\b${v.severity}\\b`).test(norm)).length
  return { found, missed, severityCorrect, falsePositives: safePatterns.filter((s) => flagged(answer, s)) }
}
