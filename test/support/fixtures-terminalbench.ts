// terminal-bench/terminal-bench as the Hub's parquet conversion serves it (default/test/0000.parquet), in the
// field names the judge path reads (task_id, instruction, expected_output, category, difficulty). Tasks ours.
import { writeRepoFile } from './dataset-fixtures.ts'
import { nestedParquet, type Row, type Schema } from './fixtures-wave1.ts'

export const TB_REPO = 'terminal-bench/terminal-bench'
export const TB_SCHEMA: Schema = { task_id: 'STRING', instruction: 'STRING', expected_output: 'STRING', category: 'STRING', difficulty: 'STRING' }

export const TB_ROWS: Row[] = [
  { task_id: 'count-log-errors', instruction: 'Count the lines containing "ERROR" in /var/log/app.log and print only the number.', expected_output: 'grep -c ERROR /var/log/app.log', category: 'file-operations', difficulty: 'easy' },
  { task_id: 'largest-file', instruction: 'Print the path of the largest regular file under /data.', expected_output: 'find /data -type f -printf "%s %p\\n" | sort -n | tail -1 | cut -d" " -f2-', category: 'file-operations', difficulty: 'medium' },
  { task_id: 'open-ports', instruction: 'List the TCP ports this machine listens on.', expected_output: 'ss -ltn', category: 'system-administration', difficulty: 'easy' },
  { task_id: 'no-reference', instruction: 'Set up a cron job that backs up /etc nightly.', expected_output: '', category: 'system-administration', difficulty: 'medium' },
]

export async function writeTerminalBench(root: string, rows: Row[] = TB_ROWS): Promise<void> {
  await writeRepoFile(root, TB_REPO, 'default/test/0000.parquet', nestedParquet(rows, TB_SCHEMA), 'refs/convert/parquet')
}
