// Loads src/cli/main.ts natively, with no Vite server and no build step: from the start-up bundle (bundle.mjs,
// rebuilt when a source changes), else compiled file by file (register-ts.mjs). From the bundle, Vitest's Node API
// comes from its own bundle too (vendor-vitest.mjs), whose code cache is saved after the command.
import { pathToFileURL } from 'node:url'
import { ensureBundle, markBundledCli } from './bundle.mjs'
import { takeSecretArgs } from './take-secret-args.mjs'
import { saveCodeCache } from './vendor-vitest.mjs'

export async function runCli(rawArgv, { entry = process.env.JARVIS_CLI_ENTRY ?? 'src/cli/main.ts' } = {}) {
  const argv = takeSecretArgs(rawArgv)
  const file = (await ensureBundle())?.file(entry)
  if (!file) await import('./register-ts.mjs')
  else markBundledCli()
  const mod = await import(file ? pathToFileURL(file).href : new URL(`../${entry}`, import.meta.url).href)
  process.exitCode = (await mod.main(argv)) ?? 0
  saveCodeCache()
}
