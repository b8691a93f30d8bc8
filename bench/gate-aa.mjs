#!/usr/bin/env node
// Runs bench/gate-aa.ts through the project's vite-node loader (no build step). Exit 1 if the A/A rate > alpha.
import { runCli } from '../bin/run-cli.mjs'
await runCli(process.argv.slice(2), { entry: 'bench/gate-aa.ts' })
