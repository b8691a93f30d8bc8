/** Output paths of the runs this worker executed (a worker serves one eval file; custom files serve several). */
export const executedOutputs = new Set<string>()

/** Where a worker leaves its telemetry totals for the summary (one JSON line per worker/chunk). */
export const telemetryPathFor = (outputPath: string): string => `${outputPath}.telemetry.jsonl`
