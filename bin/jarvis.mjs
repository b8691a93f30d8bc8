#!/usr/bin/env node
// Runs the TypeScript CLI from the start-up bundle (bin/bundle.mjs, rebuilt when a source changes), so the project
// ships no build step.
import { takeSecretArgs } from './take-secret-args.mjs'

const argv = takeSecretArgs(process.argv.slice(2)) // before anything else loads: keys out of /proc/<pid>/cmdline
const { runCli } = await import('./run-cli.mjs')
await runCli(argv)
// Every command has finished its work when runCli returns (results written and closed, children stopped): exit
// now rather than wait ≈ 20 ms for Node to tear down the heap Vitest left, unless output is still queued (stdout
// and stderr are synchronous on Linux, not on every platform).
if (process.stdout.writableLength === 0 && process.stderr.writableLength === 0) process.exit()
