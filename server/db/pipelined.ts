import pg from 'pg';

/** What a second statement in a scoped read is told, on either database. */
export const ONE_STATEMENT = 'a scoped read runs one statement; use scoped() for more';

/**
 * A transaction's opening, sent ahead of its first query in the same round trip.
 *
 * Every tenant request runs in a transaction as the app role with its tenant as a setting
 * (docs/decisions/0002). Opened on its own that costs a round trip before the first query; here
 * BEGIN and the SET LOCALs travel with the first query as one extended-protocol pipeline (one
 * write, one Sync, one answer), so a list reads its page in one round trip and commits in a
 * second. PostgreSQL runs the messages in order and stops at the first error, which the query
 * then reports, as if the statements had been sent one by one.
 */
// pg's Query drives the extended protocol; its message hooks are not in the published types
const Query = pg.Query as unknown as new (config: unknown, values?: unknown, callback?: (err: Error | null, res: pg.QueryResult) => void) => PgQuery;

interface PgQuery {
  prepare(connection: Connection): void;
  handleCommandComplete(msg: unknown, connection: Connection): void;
}

interface Connection {
  parse(o: { text: string; name: string; types: unknown[] }): void;
  bind(o: { portal: string; statement: string; values: unknown[] }): void;
  execute(o: { portal: string; rows: number }): void;
}

class PipelinedQuery extends Query {
  private skip: number;

  constructor(
    private readonly opening: readonly string[],
    config: Record<string, unknown>,
    values: unknown,
    callback: (err: Error | null, res: pg.QueryResult) => void,
  ) {
    // always extended: the opening and the query must end in the same Sync
    super({ ...config, queryMode: 'extended' }, values, callback);
    this.skip = opening.length;
  }

  prepare(connection: Connection) {
    for (const text of this.opening) {
      connection.parse({ text, name: '', types: [] });
      connection.bind({ portal: '', statement: '', values: [] });
      connection.execute({ portal: '', rows: 0 });
    }
    super.prepare(connection);
  }

  // the opening's statements complete first; their results are not the query's
  handleCommandComplete(msg: unknown, connection: Connection) {
    if (this.skip > 0) {
      this.skip -= 1;
      return;
    }
    super.handleCommandComplete(msg, connection);
  }
}

/**
 * The client Drizzle is given inside a scoped transaction: it passes queries on to the pooled
 * connection, the first one after `open()` with the transaction's opening in front of it.
 */
export class PipelinedClient {
  private opening: readonly string[] | null = null;
  /** a single-statement read: one query only, its settings ending with it */
  private single: 'open' | 'done' | null = null;

  constructor(readonly connection: pg.PoolClient) {}

  /** the next query opens the transaction with these statements */
  open(statements: readonly string[]) {
    this.opening = statements;
    this.single = null;
  }

  /**
   * The next query is the only one: its settings (SET LOCAL, no BEGIN) hold for the implicit
   * transaction PostgreSQL runs until the pipeline's Sync, so it needs no COMMIT.
   */
  openRead(statements: readonly string[]) {
    this.opening = statements;
    this.single = 'open';
  }

  /** whether the transaction was opened (false: no query ran, so there is nothing to end); resets */
  close(): boolean {
    const opened = this.opening === null;
    this.opening = null;
    this.single = null;
    return opened;
  }

  query(config: string | Record<string, unknown>, values?: unknown): Promise<pg.QueryResult> {
    if (this.single === 'done') return Promise.reject(new Error(ONE_STATEMENT));
    if (this.single === 'open') this.single = 'done';
    const opening = this.opening;
    if (!opening) return this.connection.query(config as never, values as never) as unknown as Promise<pg.QueryResult>;
    this.opening = null;
    return new Promise((resolve, reject) => {
      const query = new PipelinedQuery(opening, typeof config === 'string' ? { text: config } : config, values, (err, res) =>
        err ? reject(err) : resolve(res),
      );
      this.connection.query(query as never);
    });
  }
}
