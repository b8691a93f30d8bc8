// security_scanner records: the 30 projects of data/projects.jsonl (ours, in OpenJarvis's shape: project files,
// the vulnerabilities with file, line, type and severity, and safe patterns that only look dangerous). 10 per
// tier; the hard tier's projects are partly hardened, with false-positive traps. projects.test.ts checks every
// vulnerability's line.
//
//   ProjectSchema, loadSecurityScanner(ctx), toRecord(project)
import { z } from 'zod'
import type { EvalRecord, LoadContext } from '../../src/core/record.ts'
import { readBundledRows } from '../../src/datasets/bundled-rows.ts'
import { buildPrompt } from './prompt.ts'
import { VULN_TYPE_NAMES } from './vuln-types.ts'

export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const

export const VulnerabilitySchema = z.strictObject({
  file: z.string().min(3),
  line: z.number().int().positive(),
  type: z.enum(VULN_TYPE_NAMES as [string, ...string[]]),
  severity: z.enum(SEVERITIES),
  description: z.string().min(10),
})

export const ProjectSchema = z
  .strictObject({
    id: z.string().regex(/^(easy|medium|hard)-[a-z0-9-]+$/),
    difficulty: z.enum(['easy', 'medium', 'hard']),
    name: z.string().min(3),
    description: z.string().min(10),
    project_files: z.record(z.string(), z.string().min(10)),
    vulnerabilities: z.array(VulnerabilitySchema).min(1),
    safe_patterns: z.array(z.string().min(4)),
  })
  .refine((p) => p.vulnerabilities.every((v) => v.file in p.project_files), { message: 'a vulnerability names a file the project does not have', path: ['vulnerabilities'] })
  .refine((p) => p.safe_patterns.every((s) => Object.values(p.project_files).some((code) => code.includes(s))), { message: 'a safe pattern is not in the project code', path: ['safe_patterns'] })
export type Project = z.infer<typeof ProjectSchema>
export type Vulnerability = z.infer<typeof VulnerabilitySchema>

export const DATA = new URL('./data/projects.jsonl', import.meta.url)

export function toRecord(p: Project): EvalRecord {
  return {
    record_id: `security_scanner-${p.id}`,
    problem: buildPrompt(p),
    reference: p.vulnerabilities.map((v) => `${v.file}:${v.line} ${v.type} (${v.severity})`).join('; '),
    category: 'use-case',
    subject: p.difficulty,
    metadata: { project_id: p.id, vulnerabilities: p.vulnerabilities, safe_patterns: p.safe_patterns },
  }
}

export const loadProjects = (): Promise<Project[]> => readBundledRows(DATA, ProjectSchema)
export const loadSecurityScanner = async (_ctx: LoadContext): Promise<EvalRecord[]> => (await loadProjects()).map(toRecord)
