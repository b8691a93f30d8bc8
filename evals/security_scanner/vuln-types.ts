// The 17 vulnerability types of the security_scanner data and the words a report may name them by
// (OpenJarvis's alias table, extended with common synonyms). Matching is on normalised text (punctuation
// removed, so "cross-site" reads "crosssite" and "yaml.load" reads "yamlload"); each type also matches its own
// name with spaces ("sql injection"). A bare "race" is no alias: it is inside "trace" and "brace".
export const VULN_TYPES = {
  sql_injection: ['sqli', 'sql inject'],
  hardcoded_secret: ['hardcoded secret', 'hard coded secret', 'hardcoded credential', 'hardcoded password', 'hardcoded api key', 'hardcoded key', 'hardcoded token', 'hardcoded salt', 'exposed secret', 'exposed credential', 'secret in source', 'credentials in source', 'committed secret'],
  command_injection: ['shell injection', 'os command', 'command execution'],
  xss: ['cross site scripting', 'crosssite scripting', 'html injection', 'script injection', 'template injection'],
  path_traversal: ['directory traversal', 'traversal', 'zip slip', 'tar slip', 'arbitrary file'],
  ssrf: ['server side request forgery', 'serverside request forgery'],
  insecure_deserialization: ['unsafe deserialization', 'untrusted deserialization', 'deserialization', 'pickle', 'yaml load', 'yamlload', 'unsafeloader'],
  weak_crypto: ['weak cryptography', 'weak hash', 'weak hashing', 'md5', 'sha1', 'insecure random', 'predictable random', 'not cryptographically secure', 'weak random'],
  timing_attack: ['timing side channel', 'timingsafe', 'constant time', 'constanttime', 'timing leak'],
  redos: ['regular expression denial', 'regex denial', 'catastrophic backtracking', 'exponential backtracking', 'regex dos'],
  race_condition: ['toctou', 'time of check', 'double spend', 'nonatomic', 'not atomic'],
  xxe: ['xml external entit', 'external entity', 'external entities'],
  open_redirect: ['unvalidated redirect', 'unsafe redirect', 'arbitrary redirect'],
  csrf: ['cross site request forgery', 'crosssite request forgery', 'xsrf'],
  idor: ['insecure direct object', 'broken access control', 'missing authorization', 'missing access control', 'no authorization', 'broken object level', 'missing ownership'],
  mass_assignment: ['overposting', 'over posting', 'autobinding', 'arbitrary field', 'arbitrary attribute'],
  jwt_none: ['jwt none', 'alg none', 'algorithm none', 'none algorithm', 'unsigned jwt', 'unsigned token', 'algorithm confusion'],
} as const satisfies Record<string, readonly string[]>

export type VulnType = keyof typeof VULN_TYPES
export const VULN_TYPE_NAMES = Object.keys(VULN_TYPES) as VulnType[]

/** "sql_injection" → "SQL injection" for prompts and checklists. */
export const typeLabel = (t: VulnType): string =>
  ({ sql_injection: 'SQL injection', xss: 'cross-site scripting (XSS)', ssrf: 'server-side request forgery (SSRF)', xxe: 'XML external entities (XXE)', csrf: 'cross-site request forgery (CSRF)', idor: 'insecure direct object reference (IDOR)', redos: 'regular-expression denial of service (ReDoS)', jwt_none: 'JWT "none" algorithm / algorithm confusion' })[t as string] ?? t.replace(/_/g, ' ')
