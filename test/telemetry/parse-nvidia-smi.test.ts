import { describe, expect, test } from 'vitest'
import { parseSmiLine, SmiTickAssembler, summariseTick } from '../../src/telemetry/parse-nvidia-smi.ts'

describe('nvidia-smi CSV', () => {
  test('reads a line, and [N/A] / [Not Supported] as missing', () => {
    expect(parseSmiLine('0, 351.27, 87, 20480')).toEqual({ index: 0, powerW: 351.27, utilizationPct: 87, memoryUsedMib: 20480 })
    expect(parseSmiLine('1, [N/A], [Not Supported], 0')).toEqual({ index: 1, powerW: null, utilizationPct: null, memoryUsedMib: 0 })
  })

  test('ignores what is not a reading', () => {
    expect(parseSmiLine("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.")).toBeNull()
    expect(parseSmiLine('')).toBeNull()
    expect(parseSmiLine('x, 1, 2, 3')).toBeNull()
  })

  test('groups lines into ticks over the first N GPUs, skipping the others', () => {
    const a = new SmiTickAssembler(2)
    const lines = ['0, 100, 10, 1', '1, 200, 30, 2', '2, 999, 99, 9', '0, 110, 10, 1', '1, 210, 30, 2']
    const ticks = lines.map((l) => a.push(l)).filter((t) => t !== null)
    expect(ticks.map((t) => t.map((l) => l.powerW))).toEqual([[100, 200], [110, 210]])
    expect(summariseTick(ticks[0])).toEqual({ powerMw: 300_000, utilizationPct: 20, memoryUsedBytes: 3 * 1024 * 1024 })
  })

  test('a machine with fewer GPUs than num_gpus still yields ticks', () => {
    const a = new SmiTickAssembler(4)
    expect(a.push('0, 100, 10, 1')).toBeNull()
    expect(a.push('0, 101, 10, 1')?.map((l) => l.powerW)).toEqual([100])
  })

  test('a tick with any GPU at [N/A] has no power sum rather than a low one', () => {
    expect(summariseTick([parseSmiLine('0, 100, 10, 1')!, parseSmiLine('1, [N/A], 30, 2')!]).powerMw).toBeNull()
  })
})
