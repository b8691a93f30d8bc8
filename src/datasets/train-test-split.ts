// The spec's `--split train|test|all` for benchmarks without such splits of their own (gaia, toolcall15):
// shuffle with the run seed, `train` = the first 20 %, `test` = the rest, `all` = everything (OpenJarvis's
// apply_split, train_frac 0.2). The shuffle is ours (select.ts), so the same seed picks other items than
// OpenJarvis's; the harness shuffles the result again.
//
//   isTrainTestSplit(split): boolean      trainTestSplit(items, split, seed): T[]
import { seededShuffle } from './select.ts'

export type TrainTestSplit = 'train' | 'test' | 'all'

export const isTrainTestSplit = (split: string | undefined): split is TrainTestSplit => split === 'train' || split === 'test' || split === 'all'

export function trainTestSplit<T>(items: readonly T[], split: TrainTestSplit, seed: number): T[] {
  const shuffled = seededShuffle(items, seed)
  const cut = Math.floor(shuffled.length * 0.2)
  return split === 'train' ? shuffled.slice(0, cut) : split === 'test' ? shuffled.slice(cut) : shuffled
}
