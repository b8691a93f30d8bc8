// The report's only stylesheet: system fonts (nothing fetched), readable printed or on screen.
export const HTML_CSS = `
:root { color-scheme: light; --fg: #111827; --muted: #6b7280; --line: #e5e7eb; --bad: #b91c1c; --good: #047857; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1100px; padding: 24px 28px 60px; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: #fafafa; }
header h1 { margin: 0 0 4px; font-size: 22px; }
h2 { font-size: 16px; margin: 0 0 10px; }
section { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 16px 18px; margin: 16px 0; overflow-x: auto; }
svg { max-width: 100%; height: auto; display: block; margin: 6px 0; }
.muted { color: var(--muted); } .small { font-size: 12px; } td.mono { white-space: nowrap; } .mono { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; }
.empty { color: var(--muted); font-style: italic; }
table.grid { border-collapse: collapse; width: 100%; }
table.grid th, table.grid td { border-bottom: 1px solid var(--line); padding: 6px 8px; text-align: left; vertical-align: top; }
table.grid th { font-size: 12px; color: var(--muted); font-weight: 600; background: #f9fafb; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; } td.big { font-weight: 700; font-size: 15px; }
.bad { color: var(--bad); } .good { color: var(--good); }
.dot { display: inline-block; width: 10px; height: 10px; border-radius: 50%; margin-right: 6px; vertical-align: baseline; }
.pre { white-space: pre-wrap; word-break: break-word; max-width: 360px; }
details summary { cursor: pointer; color: #1f2937; } details[open] summary { color: var(--muted); }
.transcript { margin-top: 6px; } .transcript .pre { max-width: 640px; font: 12px/1.4 ui-monospace, monospace; }
.tag { font-size: 11px; padding: 1px 6px; border-radius: 9px; background: #fee2e2; color: var(--bad); }
.tag.error { background: #fef3c7; color: #92400e; } .tag.unscored { background: #e5e7eb; color: #374151; }
table.failures td { font-size: 13px; }
.tag.right { background: #d1fae5; color: var(--good); }
td.ref { white-space: nowrap; } td.ref b { color: #111827; }
.pre.wide { max-width: none; }
details.shared { margin: 6px 0 10px; padding: 6px 10px; background: #f9fafb; border: 1px solid var(--line); border-radius: 6px; }
details.shared summary { color: var(--muted); }
.filterbar { display: flex; flex-wrap: wrap; gap: 8px 14px; align-items: center; margin: 8px 0; }
.filterbar[hidden] { display: none; }
.filterbar input[type=search] { flex: 1 1 260px; padding: 6px 10px; border: 1px solid #d1d5db; border-radius: 6px; font: inherit; }
.filterbar .kind { font-size: 13px; white-space: nowrap; } .filterbar .shown { font-size: 12px; }
.filterbar .pager { margin-left: auto; display: flex; gap: 6px; }
.filterbar button { font: inherit; font-size: 12px; padding: 3px 10px; border: 1px solid #d1d5db; border-radius: 6px; background: #fff; cursor: pointer; }
.filterbar button:disabled { opacity: 0.4; cursor: default; } .filterbar button[hidden] { display: none; }
`
