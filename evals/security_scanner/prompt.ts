// security_scanner prompt (OpenJarvis's report sections, paraphrased) and the five checklist items, which carry
// the record's findings so the judge can check files, types and severities.
import type { Project, Vulnerability } from './loader.ts'
import { typeLabel, type VulnType } from './vuln-types.ts'

const fenceLang = (file: string) => (file.endsWith('.py') ? 'python' : '')

export function buildPrompt(p: Pick<Project, 'name' | 'description' | 'project_files'>): string {
  const files = Object.entries(p.project_files).map(([name, code]) => `### ${name}\n\`\`\`${fenceLang(name)}\n${code.trimEnd()}\n\`\`\``)
  return [
    'You are a security auditor. Review the project below and write a security report with these sections:',
    '## Secrets Found',
    '## Vulnerabilities (for each: file, line, type, severity, and why it is exploitable)',
    '## Dependency Issues',
    '## Recommendations',
    '## Risk Level (one of CRITICAL, HIGH, MEDIUM, LOW)',
    'Report only real problems: do not flag code that is already safe.',
    '',
    `Project: ${p.name}`,
    p.description,
    '',
    ...files,
  ].join('\n')
}

export function checklistItems(vulns: readonly Vulnerability[]): string[] {
  const files = [...new Set(vulns.map((v) => v.file))]
  const each = (f: (v: Vulnerability) => string) => vulns.map(f).join('; ')
  return [
    `The report identifies the vulnerable file(s): ${files.join(', ')}.`,
    `The report names each vulnerability correctly: ${each((v) => `${typeLabel(v.type as VulnType)} in ${v.file} (line ${v.line})`)}.`,
    'The report gives a specific, actionable fix for each finding.',
    `The report assigns appropriate severities: ${each((v) => `${typeLabel(v.type as VulnType)} ${v.severity}`)}.`,
    'The report is professionally structured with the requested sections (Secrets Found, Vulnerabilities, Dependency Issues, Recommendations, Risk Level).',
  ]
}
