// A dataset cell as text: null/undefined → "" (hub rows leave empty columns null).

/** The cell's text, trimmed. */
export const cellText = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim())

/** The cell's text exactly as stored (code, options whose spacing matters). */
export const cellRaw = (v: unknown): string => (v === null || v === undefined ? '' : String(v))
