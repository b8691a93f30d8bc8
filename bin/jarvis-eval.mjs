#!/usr/bin/env node
// `jarvis-eval <command>` = `jarvis eval <command>` (the spec's module form, `python -m openjarvis.evals`).
import { takeSecretArgs } from './take-secret-args.mjs'

const argv = takeSecretArgs(process.argv.slice(2)) // before anything else loads: keys out of /proc/<pid>/cmdline
const { runCli } = await import('./run-cli.mjs')
await runCli(['eval', ...argv])
