#!/usr/bin/env node
// Runs the TypeScript CLI from the start-up bundle (bin/bundle.mjs, rebuilt when a source changes), so the project
// ships no build step.
import { takeSecretArgs } from './take-secret-args.mjs'

const argv = takeSecretArgs(process.argv.slice(2)) // before anything else loads: keys out of /proc/<pid>/cmdline
const { runCli } = await import('./run-cli.mjs')
await runCli(argv)
