/** One record brought in by `npm run import`, so that a second run skips it. */
export interface ImportMapTable {
  /** The source database, named by its address without the password. */
  source: string;
  /** `user`, `token`, `channel`, `redemption`, `top_up`, `option`, or `log_cursor`. */
  kind: string;
  /** The record's id (or key) in the source. */
  source_id: string;
  /** The record's id here (for `log_cursor`: the last source log id imported). */
  target_id: number;
  created_at: number;
}
