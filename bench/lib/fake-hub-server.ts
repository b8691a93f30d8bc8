// For the benchmarks: lays out the test fixtures' Hub datasets (SuperGPQA, GPQA, MMLU-Pro shaped parquet) in a
// folder and serves them with the fake Hub of the tests, on 127.0.0.1. Prints `listening <url>`; stops on SIGTERM.
//
//   node --import ./bin/register-ts.mjs bench/lib/fake-hub-server.ts <dir>
import { join } from 'node:path'
import { writeHubFixtures } from '../../test/support/dataset-fixtures.ts'
import { startFakeHub } from '../../test/support/fake-hub.ts'

const dir = process.argv[2]
if (!dir) {
  console.error('usage: fake-hub-server.ts <dir>')
  process.exit(2)
}
await writeHubFixtures(join(dir, 'hub'))
const hub = await startFakeHub({ root: join(dir, 'hub') })
console.log(`listening ${hub.url}`)
process.on('SIGTERM', () => void hub.close().then(() => process.exit(0)))
