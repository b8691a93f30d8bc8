// The 30 projects: OpenJarvis's size and tiers, every vulnerability at the file and line it names (the line
// holds code of that type), the hard tier's safe patterns really in the code, and all 17 types used.
import { describe, expect, test } from 'vitest'
import { countBy } from '../../test/support/use-cases.ts'
import { loadProjects } from './loader.ts'
import { VULN_TYPE_NAMES, type VulnType } from './vuln-types.ts'

const projects = await loadProjects()

/** What the named line must contain for each type: the dangerous call or the literal, not a nearby line. */
const LINE_SHAPE: Record<VulnType, RegExp> = {
  sql_injection: /(execute|SELECT|INSERT|UPDATE|DELETE)[\s\S]*(f"|%\s*\(|\{\w+\}|\+)/,
  hardcoded_secret: /^\s*[\w.]*(\[["'])?\w*(KEY|SECRET|TOKEN|PASSWORD|SALT|URL)\w*(["']\])?\s*=\s*["'][^"']{3,}["']/i,
  command_injection: /os\.popen|os\.system|subprocess\.(run|call|Popen)\(.*(shell=True|\+)/,
  xss: /render_template_string|Markup\(|autoescape=False/,
  path_traversal: /os\.path\.join|open\(|os\.remove|extractall/,
  ssrf: /requests\.get\(url|urlopen\(/,
  insecure_deserialization: /pickle\.loads|yaml\.load\(.*(Unsafe)?Loader/,
  weak_crypto: /md5|sha1|random\.choice/,
  timing_attack: /[!=]=/,
  redos: /re\.compile\(r.*\)\+?\)?[*+]/,
  race_condition: /if .*(balance|used)/,
  xxe: /resolve_entities=True/,
  open_redirect: /redirect\(request\.args/,
  csrf: /CSRF_ENABLED"\]\s*=\s*False/,
  idor: /\.get\(\w*_id|find_key_hash\(account_id\)|_accounts\.get\(account_id/,
  mass_assignment: /setattr\(|__dict__\.update\(request/,
  jwt_none: /algorithms=\[.*("none"|header\["alg"\])/,
}

describe('security_scanner projects', () => {
  test('30 schema-checked projects, 10 per tier, unique ids; the hard tier has false-positive traps', () => {
    expect(projects).toHaveLength(30)
    expect(new Set(projects.map((p) => p.id)).size).toBe(30)
    expect(countBy(projects, (p) => p.difficulty)).toEqual({ easy: 10, medium: 10, hard: 10 })
    expect(projects.filter((p) => p.difficulty === 'hard').every((p) => p.safe_patterns.length >= 2)).toBe(true)
  })

  test('all 17 vulnerability types of the alias table occur', () => {
    expect(new Set(projects.flatMap((p) => p.vulnerabilities.map((v) => v.type)))).toEqual(new Set(VULN_TYPE_NAMES))
  })

  test.each(projects.flatMap((p) => p.vulnerabilities.map((v) => [`${p.id} ${v.file}:${v.line} ${v.type}`, p, v] as const)))('%s sits at the line it names', (_, p, v) => {
    const lines = p.project_files[v.file].split('\n')
    expect(v.line).toBeLessThanOrEqual(lines.length)
    expect(lines[v.line - 1]).toMatch(LINE_SHAPE[v.type as VulnType])
  })

  test('no safe pattern is on a vulnerable line', () => {
    for (const p of projects)
      for (const v of p.vulnerabilities) {
        const line = p.project_files[v.file].split('\n')[v.line - 1]
        for (const s of p.safe_patterns) expect(line.includes(s), `${p.id}: ${s}`).toBe(false)
      }
  })
})
