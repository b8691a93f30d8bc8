import type { BenchmarkDefinition } from '../../src/core/benchmark.ts'
import { loadSwebench } from './loader.ts'
import { scoreSwebench } from './scorer.ts'

const swebench: BenchmarkDefinition = { key: 'swebench', load: loadSwebench, score: (record, answer, ctx) => scoreSwebench(record, answer, ctx) }
export default swebench
