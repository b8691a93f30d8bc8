// jarvis-evals/reporters: the Vitest reporters and the plugin that adds them beside the user's own.
export { GateReporter, type GateReporterOptions } from './gate-reporter.ts'
export { JsonlReporter, type JsonlReporterOptions } from './jsonl-reporter.ts'
export { jarvisPlugin } from './plugin.ts'
