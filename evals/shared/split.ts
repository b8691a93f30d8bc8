// OpenJarvis's apply_split for benchmarks without splits of their own (pinchbench, liveresearch): train is the
// first 20% of a seeded shuffle, test the rest, all the whole list. The shuffle is ours (src/datasets/select.ts),
// so the same seed picks a different 20% than OpenJarvis's random.Random.
import { JarvisError } from '../../src/core/errors.ts'
import { seededShuffle } from '../../src/datasets/select.ts'

export const TRAIN_FRACTION = 0.2

export function applySplit<T>(items: T[], split: string, seed: number, where: string): T[] {
  if (split !== 'train' && split !== 'test' && split !== 'all') throw new JarvisError('JARVIS_BAD_OPTION', `${where}: split "${split}" does not exist; use train (20%), test (the other 80%) or all.`)
  const shuffled = seededShuffle(items, seed)
  const cut = Math.floor(items.length * TRAIN_FRACTION)
  return split === 'train' ? shuffled.slice(0, cut) : split === 'test' ? shuffled.slice(cut) : shuffled
}
