// Fake-Hub repos shaped like the agentic benchmarks' real datasets (test/support/fake-hub.ts layout): the real
// repo paths, file formats, column names and types, a few rows each. Every question and file is written for
// these tests; each benchmark's data is in its own fixtures-<key>.ts.
//
//   writeAgenticHubFixtures(root)     every repo
import { writeAmaBench } from './fixtures-ama-bench.ts'
import { writeDeepPlanning } from './fixtures-deepplanning.ts'
import { writeGaia } from './fixtures-gaia.ts'
import { writeLoghub } from './fixtures-loghub.ts'
import { writePaperArena } from './fixtures-paperarena.ts'
import { writeTerminalBench } from './fixtures-terminalbench.ts'

export async function writeAgenticHubFixtures(root: string): Promise<void> {
  await writeGaia(root)
  await writeLoghub(root)
  await writeAmaBench(root)
  await writeDeepPlanning(root)
  await writePaperArena(root)
  await writeTerminalBench(root)
}
