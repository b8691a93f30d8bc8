#!/usr/bin/env node
// `jarvis-eval <command>` = `jarvis eval <command>` (the spec's module form, `python -m openjarvis.evals`).
import { runCli } from './run-cli.mjs'
await runCli(['eval', ...process.argv.slice(2)])
