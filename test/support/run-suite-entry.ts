// A child-process entry for runSuite tests: `JARVIS_CLI_ENTRY=test/support/run-suite-entry.ts node bin/jarvis.mjs
// '<options JSON>'` runs runSuite in that process and prints `RESULT <json>` (Vitest cannot nest inside a test).
import { isJarvisError } from '../../src/core/errors.ts'
import { runSuite } from '../../src/cli/run-suite.ts'

export async function main(argv: string[]): Promise<number> {
  const lines: string[] = []
  try {
    const { outputs } = await runSuite({ ...JSON.parse(argv[0]), onOutput: (l: string) => lines.push(l) })
    process.stdout.write(`RESULT ${JSON.stringify({ outputs, lines })}\n`)
    return 0
  } catch (e) {
    process.stdout.write(`RESULT ${JSON.stringify({ error: (e as Error).message, jarvisError: isJarvisError(e), lines })}\n`)
    return isJarvisError(e) ? 2 : 1
  }
}
