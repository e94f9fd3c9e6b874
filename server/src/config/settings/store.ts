import type { Db } from '../../db/client.js';
import { findOptionValue, listOptions, upsertOption } from '../../db/queries/options.js';
import type { SharedState } from '../../lib/shared-state.js';
import type { SettingDef } from './define.js';

const topic = 'settings';

/**
 * Typed, in-memory view of the `options` table. Reads never touch the database; a write
 * goes to the database and then tells every instance to reload that key.
 */
export class Settings {
  private readonly raw = new Map<string, string>();
  private readonly parsed = new Map<string, unknown>();
  private readonly listeners: Array<(key: string) => void> = [];
  /** Per key, how many writes and reloads have begun (see `newest`). */
  private readonly generations = new Map<string, number>();
  /** Moves on with every change of any value, so that what is derived from them can tell. */
  private changes = 0;

  constructor(
    private readonly db: Db,
    private readonly shared: SharedState,
    /** Every known setting by key. */
    readonly defs: ReadonlyMap<string, SettingDef<unknown>>,
  ) {}

  /** Loads every stored option and starts listening for changes from other instances. */
  async load(): Promise<void> {
    const rows = await listOptions(this.db);
    for (const row of rows) this.remember(row.key, row.value);
    this.shared.subscribe(topic, (key) => {
      // A reload racing a shutdown has nothing left to update.
      this.reload(key).catch(() => undefined);
    });
  }

  /** The current value of a setting (its default when unset or unreadable). */
  get<T>(def: SettingDef<T>): T {
    // One lookup: a parser answers a value or throws, so a stored value is never undefined.
    const value = this.parsed.get(def.key) as T | undefined;
    return value === undefined ? def.defaultValue : value;
  }

  /** A number that changes whenever any setting does (what was derived before is stale then). */
  get version(): number {
    return this.changes;
  }

  /** The stored string of any key, known or not. */
  rawValue(key: string): string | undefined {
    return this.raw.get(key);
  }

  /** Every stored key/value pair. */
  entries(): Array<[string, string]> {
    return [...this.raw.entries()];
  }

  /** Validates and stores a value, then notifies every instance. Throws on a bad value. */
  async set(key: string, value: string): Promise<void> {
    const def = this.defs.get(key);
    if (def) def.parse(value);
    await upsertOption(this.db, key, value);
    this.newest(key);
    this.remember(key, value);
    await this.shared.publish(topic, key);
  }

  /**
   * Marks a newer write or read of `key`: a reload whose read began before it is stale (an
   * earlier change's reload could otherwise finish last and put back the value it replaced).
   */
  private newest(key: string): number {
    const next = (this.generations.get(key) ?? 0) + 1;
    this.generations.set(key, next);
    return next;
  }

  /** Runs `listener` whenever a setting changes on any instance. */
  onChange(listener: (key: string) => void): void {
    this.listeners.push(listener);
  }

  private async reload(key: string): Promise<void> {
    const generation = this.newest(key);
    const value = await findOptionValue(this.db, key);
    if (this.generations.get(key) !== generation) return;
    if (value !== undefined) this.remember(key, value);
    else {
      this.raw.delete(key);
      this.parsed.delete(key);
      this.changes++;
    }
    for (const listener of this.listeners) listener(key);
  }

  private remember(key: string, value: string): void {
    this.changes++;
    this.raw.set(key, value);
    const def = this.defs.get(key);
    if (!def) return;
    try {
      this.parsed.set(key, def.parse(value));
    } catch {
      this.parsed.delete(key);
    }
  }
}
