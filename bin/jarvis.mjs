#!/usr/bin/env node
// Runs the TypeScript CLI through vite-node, so the project ships no build step.
import { runCli } from './run-cli.mjs'
await runCli(process.argv.slice(2))
