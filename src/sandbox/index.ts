// The code sandbox: the only way model-written code is run (decisions.md "Code").
export { runSandboxed } from './run-sandboxed.ts'
export { sandboxEnvironment, type SandboxEnvironment } from './probe.ts'
export type { SandboxIsolation, SandboxOptions, SandboxResult } from './types.ts'
