import { defaultLevelName } from '@gateway/shared';
import type { BaseContext } from '../../base-context.js';
import { listLevels, type LevelRow } from '../../db/queries/levels.js';
import { withoutPrototypes } from '../../lib/null-prototype.js';

/** A level as the relay and the console use it, its JSON columns parsed. */
export interface Level {
  id: number;
  name: string;
  description: string;
  priority: number;
  groupDiscount: number;
  extraDiscount: number;
  /** Group discount × extra discount. */
  finalDiscount: number;
  groups: string[];
  modelRequestLimits: Record<string, number>;
  modelConcurrencyLimits: Record<string, number>;
  rateLimit: number;
  modelPrices: Record<string, number>;
  benefits: string;
  autoUpgrade: boolean;
  requiredDays: number;
  requiredAmount: number;
  requiredTopupQuota: number;
  requiredUsedQuota: number;
  createdAt: number;
}

const topic = 'levels-changed';

/** The built-in level when the table lacks it (never the case after migration). */
const fallback: Level = {
  id: 0,
  name: defaultLevelName,
  description: '',
  priority: 0,
  groupDiscount: 1,
  extraDiscount: 1,
  finalDiscount: 1,
  groups: [],
  modelRequestLimits: withoutPrototypes({}),
  modelConcurrencyLimits: withoutPrototypes({}),
  rateLimit: 0,
  modelPrices: withoutPrototypes({}),
  benefits: '',
  autoUpgrade: false,
  requiredDays: 0,
  requiredAmount: 0,
  requiredTopupQuota: 0,
  requiredUsedQuota: 0,
  createdAt: 0,
};

/**
 * A JSON column, or `empty` when it holds no object. Its objects have no prototype: they are
 * looked up by model names from requests, and a model named `constructor` has no limit.
 */
function parseJson<T>(raw: string, empty: T): T {
  try {
    const value: unknown = JSON.parse(raw);
    return withoutPrototypes(value && typeof value === 'object' ? (value as T) : empty);
  } catch {
    return withoutPrototypes(empty);
  }
}

/** A stored row in its parsed form. */
export function toLevel(row: LevelRow): Level {
  const groupDiscount = Number(row.group_discount);
  const extraDiscount = Number(row.extra_discount);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priority: row.priority,
    groupDiscount,
    extraDiscount,
    finalDiscount: Number((groupDiscount * extraDiscount).toFixed(6)),
    groups: parseJson<string[]>(row.groups, []),
    modelRequestLimits: parseJson(row.model_request_limits, {}),
    modelConcurrencyLimits: parseJson(row.model_concurrency_limits, {}),
    rateLimit: row.rate_limit,
    modelPrices: parseJson(row.model_prices, {}),
    benefits: row.benefits,
    autoUpgrade: row.auto_upgrade === 1,
    requiredDays: row.required_days,
    requiredAmount: Number(row.required_amount),
    requiredTopupQuota: Number(row.required_topup_quota),
    requiredUsedQuota: Number(row.required_used_quota),
    createdAt: Number(row.created_at),
  };
}

/**
 * Every level, in memory (there are a handful). A change on any instance reloads them on all,
 * so a new discount or limit applies to the next request everywhere.
 */
export class LevelCache {
  private byName = new Map<string, Level>();

  constructor(private readonly base: Pick<BaseContext, 'db' | 'shared' | 'log'>) {
    base.shared.subscribe(topic, () => {
      this.load().catch((error: unknown) =>
        base.log.error({ error: String(error) }, 'levels could not be reloaded'),
      );
    });
  }

  async load(): Promise<void> {
    const rows = await listLevels(this.base.db);
    this.byName = new Map(rows.map((r) => [r.name, toLevel(r)]));
  }

  /** A level by name; an unknown name (a deleted level) reads as `default`. */
  get(name: string): Level {
    return this.byName.get(name) ?? this.byName.get(defaultLevelName) ?? fallback;
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** Every level, lowest priority first. */
  all(): Level[] {
    return [...this.byName.values()].sort((a, b) => a.priority - b.priority || a.id - b.id);
  }

  /** Reloads here and tells the other instances to. */
  async changed(): Promise<void> {
    await this.load();
    await this.base.shared.publish(topic, '1');
  }
}
