// `node --import ./bin/register-ts.mjs`: registers the TypeScript hooks (ts-hooks.mjs). The CLI imports it first;
// the Vitest workers of eval runs get it in their execArgv (src/config/projects.ts).
import { register } from 'node:module'

register('./ts-hooks.mjs', import.meta.url)
// Stack traces point at the .ts lines (each compiled file carries its source map).
process.setSourceMapsEnabled(true)
