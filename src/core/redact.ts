// Secrets never reach output: any known secret value from the environment, and anything shaped like a key.
const SECRET_ENV = /(KEY|TOKEN|SECRET|PASSWORD|PAT|CREDENTIALS?)$|SECRET/i

export function secretValues(env: NodeJS.ProcessEnv = process.env): string[] {
  return Object.entries(env)
    .filter(([k, v]) => SECRET_ENV.test(k) && typeof v === 'string' && v.length >= 6)
    .map(([, v]) => v as string)
}

export function redactSecrets(text: string, env: NodeJS.ProcessEnv = process.env): string {
  let out = text
  for (const v of secretValues(env)) out = out.split(v).join('[REDACTED]')
  return out
    .replace(/(authorization["']?\s*[:=]\s*["']?(?:bearer\s+)?)[^\s"',}]+/gi, '$1[REDACTED]')
    .replace(/(api[_-]?key["']?\s*[:=]\s*["']?)[^\s"',}]+/gi, '$1[REDACTED]')
    .replace(/\b(sk-[A-Za-z0-9_-]{8,}|hf_[A-Za-z0-9]{8,})\b/g, '[REDACTED]')
}
