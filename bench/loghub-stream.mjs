#!/usr/bin/env node
// Runs bench/loghub-stream.ts through the project's vite-node loader (no build step).
import { runCli } from '../bin/run-cli.mjs'
await runCli(process.argv.slice(2), { entry: 'bench/loghub-stream.ts' })
