import { describe, expect, test } from 'vitest'
import { Semaphore } from '../../src/core/semaphore.ts'

const tick = () => new Promise<void>((r) => setImmediate(r))

describe('Semaphore', () => {
  test('never more than `limit` in flight under heavy contention', async () => {
    const sem = new Semaphore(3)
    let inFlight = 0
    let peak = 0
    const jobs = Array.from({ length: 500 }, (_, i) =>
      sem.run(async () => {
        inFlight++
        peak = Math.max(peak, inFlight)
        // mixed durations: some finish in a microtask, some after timers
        if (i % 3 === 0) await new Promise((r) => setTimeout(r, i % 7))
        else await tick()
        inFlight--
        return i
      }),
    )
    const out = await Promise.all(jobs)
    expect(out).toEqual(Array.from({ length: 500 }, (_, i) => i))
    expect(peak).toBe(3)
    expect(sem.maxSeen).toBe(3)
  })

  test('starts waiters in FIFO order', async () => {
    const sem = new Semaphore(1)
    const started: number[] = []
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const first = sem.run(async () => {
      started.push(0)
      await gate
    })
    const rest = [1, 2, 3, 4, 5].map((i) => sem.run(async () => void started.push(i)))
    await tick()
    expect(started).toEqual([0])
    release()
    await Promise.all([first, ...rest])
    expect(started).toEqual([0, 1, 2, 3, 4, 5])
  })

  test('a newcomer never jumps the queue when a slot is released', async () => {
    const sem = new Semaphore(1)
    const order: string[] = []
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const a = sem.run(async () => {
      await gate
      order.push('a')
    })
    const b = sem.run(async () => void order.push('b'))
    release()
    await Promise.resolve()
    // arrives while a's slot is being handed to b
    const c = sem.run(async () => void order.push('c'))
    await Promise.all([a, b, c])
    expect(order).toEqual(['a', 'b', 'c'])
  })

  test('releases its slot when the task throws, and passes the error on', async () => {
    const sem = new Semaphore(1)
    await expect(sem.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await expect(sem.run(async () => 'next')).resolves.toBe('next')
    // a throw with waiters queued hands the slot on
    const results = await Promise.allSettled([
      sem.run(async () => {
        await tick()
        throw new Error('first fails')
      }),
      sem.run(async () => 'second runs'),
    ])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled'])
  })

  test('a synchronous throw inside the task also releases', async () => {
    const sem = new Semaphore(2)
    const boom = () => {
      throw new Error('sync')
    }
    await Promise.allSettled(Array.from({ length: 10 }, () => sem.run(boom as () => Promise<never>)))
    let inFlight = 0
    let peak = 0
    await Promise.all(
      Array.from({ length: 6 }, () =>
        sem.run(async () => {
          inFlight++
          peak = Math.max(peak, inFlight)
          await tick()
          inFlight--
        }),
      ),
    )
    expect(peak).toBe(2)
  })

  test('limit 1 serialises', async () => {
    const sem = new Semaphore(1)
    const log: string[] = []
    await Promise.all(
      ['x', 'y', 'z'].map((k) =>
        sem.run(async () => {
          log.push(`${k}+`)
          await tick()
          log.push(`${k}-`)
        }),
      ),
    )
    expect(log).toEqual(['x+', 'x-', 'y+', 'y-', 'z+', 'z-'])
  })
})
