#!/usr/bin/env node
// Runs bench/math-judge-rate.ts through the project's vite-node loader (no build step). Exit 1 on a false positive.
import { runCli } from '../bin/run-cli.mjs'
await runCli(process.argv.slice(2), { entry: 'bench/math-judge-rate.ts' })
