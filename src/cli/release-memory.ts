// glibc keeps what a thread freed in that thread's malloc arena, resident, for the next allocation there: after a
// large dataset's selection thread has ended, ≈ 35 MB of its file buffers and strings stayed in the CLI's RSS for
// the whole run although nothing used them (malloc_stats: 40 MB in the arena, 16 KB in use). malloc_trim(0) hands
// every free page of every arena back. Through koffi (≈ 10 ms to load, so only after such a thread); nothing
// where there is no glibc.

/** Returns the pages glibc's arenas hold free to the system; never throws. */
export async function releaseFreedMemory(): Promise<void> {
  if (process.platform !== 'linux') return
  try {
    const koffi = (await import('koffi')).default
    koffi.load('libc.so.6').func('int malloc_trim(size_t pad)')(0)
  } catch {
    // musl, or koffi without its native part: the memory stays with the process, as before.
  }
}
