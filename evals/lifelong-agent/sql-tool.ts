// `sql`: db_bench's operation as a tool. It runs on the sample's own database (the mysql environment) and
// answers as upstream's DBBenchContainer.execute does: the rows as Python prints them, [] for a statement
// without rows, the server's error text. A dead server is the tool's machinery failing (the sample errors).
import { ToolUnavailableError, type Tool } from '../../src/core/tool.ts'
import { isMysqlEnvironment } from '../../src/environments/mysql.ts'
import { runOperation } from './db-task.ts'

/** What goes back to the model (a SELECT * of a big table would otherwise fill the context). */
export const MAX_OBSERVATION_CHARS = 20_000

export function sqlTool(): Tool {
  return {
    spec: {
      name: 'sql',
      description: 'Execute one SQL statement on the MySQL database of this task and get the raw result: rows as a list of tuples, such as [(1, \'John Doe\', \'HR\')], [] after INSERT/UPDATE/DELETE, or the error message.',
      parameters: { type: 'object', properties: { query: { type: 'string', description: 'One SQL statement, in one line.' } }, required: ['query'] },
    },
    async call(args, ctx) {
      const env = ctx.environment
      if (!isMysqlEnvironment(env)) return { content: 'No database: the sql tool runs only in a db_bench task.', isError: true }
      const query = typeof args.query === 'string' ? args.query : typeof args.sql === 'string' ? args.sql : ''
      if (!query.trim()) return { content: 'No SQL statement given.', isError: true }
      let r
      try {
        r = await runOperation(env.connection, query.replace(/\n/g, ' '))
      } catch (e) {
        throw new ToolUnavailableError(`the database server failed: ${(e as Error).message}`)
      }
      const text = r.observation.length > MAX_OBSERVATION_CHARS ? `${r.observation.slice(0, MAX_OBSERVATION_CHARS)} … [${r.observation.length - MAX_OBSERVATION_CHARS} characters cut]` : r.observation
      return { content: text, isError: !r.ok }
    },
  }
}
