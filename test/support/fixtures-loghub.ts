// LogHub-shaped logs: HDFS.log lines as the HDFS v1 set writes them (date, time, pid, level, component: message
// with blk_<id>), anomaly_label.csv (BlockId,Label), and BGL / Thunderbird lines whose first token is "-" or an
// alert tag. Blocks are interleaved the way a real log interleaves them. The content is generated for tests.
//
//   HDFS_BLOCKS, hdfsLog(blocks), hdfsLabels(blocks), bglLog(windows), writeLoghub(root)
//   writeHdfsFile(path, { megabytes, blocks }): streams a large HDFS-shaped log to disk (memory checks)
import { createWriteStream } from 'node:fs'
import { writeRepoFile } from './dataset-fixtures.ts'

export interface HdfsBlock {
  id: string
  label: 'Normal' | 'Anomaly'
  lines: number
}

export const HDFS_BLOCKS: HdfsBlock[] = [
  { id: 'blk_-1608999687919862906', label: 'Normal', lines: 6 },
  { id: 'blk_7503483334202473044', label: 'Anomaly', lines: 5 },
  { id: 'blk_-3544583377289625738', label: 'Normal', lines: 230 },
  { id: 'blk_-9073992586687739851', label: 'Anomaly', lines: 4 },
  { id: 'blk_1717858812220360316', label: 'Normal', lines: 3 },
]

const MESSAGES = [
  (b: string, i: number) => `INFO dfs.DataNode$DataXceiver: Receiving block ${b} src: /10.251.43.${i % 250}:54106 dest: /10.251.43.${i % 250}:50010`,
  (b: string) => `INFO dfs.FSNamesystem: BLOCK* NameSystem.allocateBlock: /user/root/rand/_temporary/part-00001. ${b}`,
  (b: string, i: number) => `INFO dfs.DataNode$PacketResponder: PacketResponder ${i % 3} for block ${b} terminating`,
  (b: string, i: number) => `INFO dfs.FSNamesystem: BLOCK* NameSystem.addStoredBlock: blockMap updated: 10.250.11.${i % 200}:50010 is added to ${b} size 67108864`,
]
const ANOMALOUS = (b: string) => `WARN dfs.DataNode$DataXceiver: 10.251.30.85:50010:Got exception while serving ${b} to /10.251.90.64: java.io.IOException: Block ${b} is not valid.`

function hdfsLine(t: number, b: HdfsBlock, i: number): string {
  const msg = b.label === 'Anomaly' && i === b.lines - 1 ? ANOMALOUS(b.id) : MESSAGES[i % MESSAGES.length](b.id, i)
  const sec = String(203500 + (t % 60)).padStart(6, '0')
  return `081109 ${sec} ${100 + (t % 900)} ${msg}`
}

/** The blocks' lines round robin (interleaved), plus one deletion line naming two blocks and a line with none. */
export function hdfsLog(blocks: HdfsBlock[] = HDFS_BLOCKS): string {
  const out: string[] = ['081109 203500 19 INFO dfs.FSNamesystem: Roll Edit Log from 10.250.17.225']
  const left = blocks.map((b) => ({ b, i: 0 }))
  let t = 0
  while (left.some((x) => x.i < x.b.lines)) {
    for (const x of left) if (x.i < x.b.lines) out.push(hdfsLine(t++, x.b, x.i++))
  }
  if (blocks.length >= 2) out.push(`081110 101010 26 INFO dfs.FSNamesystem: BLOCK* ask 10.250.14.224:50010 to delete  ${blocks[0].id} ${blocks[1].id}`)
  return out.join('\n') + '\n'
}

export const hdfsLabels = (blocks: HdfsBlock[] = HDFS_BLOCKS): string => `BlockId,Label\n${blocks.map((b) => `${b.id},${b.label}`).join('\n')}\n`

/** BGL lines: "-" for a non-alert line, else the alert category; `alerts[w]` makes window w anomalous. */
export function bglLog(windows: number, alerts: ReadonlySet<number>, size = 100): string {
  const out: string[] = []
  for (let w = 0; w < windows; w++) {
    for (let i = 0; i < size; i++) {
      const tag = alerts.has(w) && i === 50 ? 'KERNDTLB' : '-'
      out.push(`${tag} 11178${String(38570 + w * size + i).padStart(5, '0')} 2005.06.03 R02-M1-N0-C:J12-U11 2005-06-03-15.42.50.675872 R02-M1-N0-C:J12-U11 RAS KERNEL ${tag === '-' ? 'INFO instruction cache parity error corrected' : 'FATAL data TLB error interrupt'}`)
    }
  }
  return out.join('\n') + '\n'
}

export async function writeLoghub(root: string): Promise<void> {
  // the repo as the HDFS_v1 archive unpacks: the raw log at the top, the labels in preprocessed/
  await writeRepoFile(root, 'logpai/loghub-HDFS-v1', 'README.md', '# HDFS_v1 (test fixture)\n')
  await writeRepoFile(root, 'logpai/loghub-HDFS-v1', 'HDFS.log', hdfsLog())
  await writeRepoFile(root, 'logpai/loghub-HDFS-v1', 'preprocessed/anomaly_label.csv', hdfsLabels())
  await writeRepoFile(root, 'logpai/loghub-HDFS-v1', 'preprocessed/Event_traces.csv', 'BlockId,Label,Type,Features\n')
  await writeRepoFile(root, 'logpai/loghub-BGL', 'BGL.log', bglLog(3, new Set([1])) + bglLog(1, new Set(), 30).replace(/^- 1117/gm, '- 2117'))
}

/**
 * A large HDFS-shaped log and its labels, streamed to disk: `megabytes` of lines over `blocks` blocks (every
 * 37th one anomalous), each block's lines spread over the whole file.
 */
export async function writeHdfsFile(logPath: string, labelPath: string, o: { megabytes: number; blocks: number }): Promise<{ bytes: number; blocks: HdfsBlock[] }> {
  const blocks: HdfsBlock[] = Array.from({ length: o.blocks }, (_, i) => ({ id: `blk_${i % 2 ? '-' : ''}${(1_000_000_007 * (i + 1)) % 9_223_372_036_854}${i}`, label: i % 37 === 5 ? 'Anomaly' : 'Normal', lines: 1 << 30 }))
  const target = o.megabytes * 1024 * 1024
  const out = createWriteStream(logPath)
  let bytes = 0
  let t = 0
  while (bytes < target) {
    let chunk = ''
    for (let n = 0; n < 2000; n++, t++) chunk += `${hdfsLine(t, blocks[t % blocks.length], Math.floor(t / blocks.length))}\n`
    bytes += Buffer.byteLength(chunk)
    if (!out.write(chunk)) await new Promise<void>((ok) => out.once('drain', () => ok()))
  }
  await new Promise<void>((ok, ko) => out.end((e?: Error | null) => (e ? ko(e) : ok())))
  const labels = createWriteStream(labelPath)
  labels.write(hdfsLabels(blocks))
  await new Promise<void>((ok) => labels.end(ok))
  return { bytes, blocks }
}
