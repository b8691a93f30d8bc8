/**
 * Rows → records, each record id once: counts the rows seen, the rows that make no record (`toRecord` gave
 * null) and the rows repeating an earlier id, so a loader can say what it dropped.
 */
export class DistinctRecords<R extends { record_id: string }> {
  rows = 0
  unusable = 0
  duplicates = 0
  private readonly seen = new Set<string>()
  constructor(private readonly toRecord: (row: Record<string, unknown>) => R | null) {}

  /** The new records of a batch of rows. */
  take(batch: Iterable<Record<string, unknown>>): R[] {
    const out: R[] = []
    for (const row of batch) {
      this.rows++
      const r = this.toRecord(row)
      if (!r) this.unusable++
      else if (this.seen.has(r.record_id)) this.duplicates++
      else {
        this.seen.add(r.record_id)
        out.push(r)
      }
    }
    return out
  }
}
