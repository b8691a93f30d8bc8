// The MySQL-compatible server a benchmark's samples get databases on (LifelongAgentBench db_bench), and one
// connection to one database on it. Statements run one at a time over the text protocol, so values arrive as
// the server renders them (FLOAT 5500.55, DECIMAL "3.50", DATE "2024-01-02"), as mysql.connector sees them.

export interface SqlField {
  name: string
  /** The MySQL protocol type name: LONG, LONGLONG, FLOAT, DOUBLE, NEWDECIMAL, VAR_STRING, DATE, DATETIME, … */
  type: string
}

export interface SqlResult {
  /** Rows of a statement with a result set (SELECT, SHOW …), each as an array in column order; null otherwise. */
  rows: unknown[][] | null
  fields: SqlField[]
  affectedRows: number
}

/** A server-side error of a statement: the model sees it as mysql.connector prints it ("1064 (42000): …"). */
export class SqlStatementError extends Error {
  constructor(
    message: string,
    readonly errno: number | null,
    readonly sqlState: string | null,
  ) {
    super(message)
    this.name = 'SqlStatementError'
  }
}

export interface SqlConnection {
  /** One statement; a server error throws SqlStatementError, a dead connection any other Error. */
  query(sql: string, o?: { timeoutMs?: number }): Promise<SqlResult>
  close(): Promise<void>
}

export interface SqlServer {
  /** Where it is, for logs: "mysql://root@127.0.0.1:3306" (never the password) or the throwaway's socket. */
  readonly where: string
  /** external: JARVIS_MYSQL_URL; throwaway: a mariadbd this process started and stops. */
  readonly kind: 'external' | 'throwaway'
  /** The server's version string (SELECT VERSION()). */
  readonly version: string
  /** A connection, with `database` selected when given. */
  connect(database?: string): Promise<SqlConnection>
  close(): Promise<void>
}
