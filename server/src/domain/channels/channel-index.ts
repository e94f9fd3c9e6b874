import { ChannelStatus } from '@gateway/shared';
import type { Selectable } from 'kysely';
import type { BaseContext } from '../../base-context.js';
import { listAllChannels } from '../../db/queries/channels.js';
import type { ChannelsTable } from '../../db/schema/index.js';
import { randomId } from '../../lib/random.js';

/** What the relay needs of a channel; it also fits the adaptors' `ChannelConfig`. */
export interface CachedChannel {
  id: number;
  type: number;
  name: string;
  /** 1 enabled; only enabled channels are routed to, but `get` returns any. */
  status: number;
  /** The upstream key: one key per channel (batch creation splits key lines). */
  key: string;
  /** Upstream base URL; empty = the type's default. */
  baseUrl: string;
  /** Type-specific value (Azure API version ...). */
  other: string;
  /** Requested model → upstream model. */
  modelMapping: Readonly<Record<string, string>>;
  /** Parsed extra settings (proxy, headers ...). */
  setting: Readonly<Record<string, unknown>>;
  /** Upstream status → status returned to the client, e.g. `{"400": "500"}`. */
  statusCodeMapping: Readonly<Record<string, string>>;
  priority: number;
  weight: number;
  /** Whether automatic disabling may apply to this channel. */
  autoBan: boolean;
  groups: readonly string[];
  models: readonly string[];
  tag: string;
  /** Requests in flight at once on every instance; 0 = no cap. */
  maxConcurrency: number;
  /** Requests per minute on every instance; 0 = no cap. */
  maxRpm: number;
}

/** What `select` needs to pick a channel. */
export interface SelectInput {
  group: string;
  model: string;
  /** Channels already tried by this request. */
  exclude: ReadonlySet<number>;
  /** 0 for the first attempt; attempt n starts at the n-th priority tier. */
  attempt: number;
}

type Tier = { priority: number; channels: CachedChannel[] };

const topic = 'channels-changed';

function parseObject(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * Keeps string values, and numbers as text (`{"400": 500}`); drops anything else. The result
 * has no prototype: it is looked up by model names from requests.
 */
function stringsOnly(value: Record<string, unknown>): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
  }
  return out;
}

const splitList = (raw: string) => [
  ...new Set(
    raw
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  ),
];

/** A stored channel in its cached form. */
export function toCachedChannel(row: Selectable<ChannelsTable>): CachedChannel {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    status: row.status,
    key: row.key.trim(),
    baseUrl: row.base_url,
    other: row.other,
    modelMapping: stringsOnly(parseObject(row.model_mapping)),
    setting: parseObject(row.setting),
    statusCodeMapping: stringsOnly(parseObject(row.status_code_mapping)),
    priority: Number(row.priority),
    weight: row.weight,
    autoBan: row.auto_ban === 1,
    groups: splitList(row.group),
    models: splitList(row.models),
    tag: row.tag,
    maxConcurrency: row.max_concurrency,
    maxRpm: row.max_rpm,
  };
}

/** Picks one channel at random in proportion to its weight; all weights 0 = equal chances. */
function pickWeighted(channels: readonly CachedChannel[]): CachedChannel {
  let total = 0;
  for (const c of channels) total += c.weight;
  if (total === 0) return channels[Math.floor(Math.random() * channels.length)];
  let point = Math.random() * total;
  let last = channels[0];
  for (const c of channels) {
    if (c.weight === 0) continue;
    last = c;
    point -= c.weight;
    if (point < 0) return c;
  }
  return last;
}

/** A channel of the tier that is not excluded, or null. */
function pickFromTier(tier: Tier, exclude: ReadonlySet<number>): CachedChannel | null {
  const candidates =
    exclude.size === 0 ? tier.channels : tier.channels.filter((c) => !exclude.has(c.id));
  return candidates.length > 0 ? pickWeighted(candidates) : null;
}

/**
 * The routing index group × model → channels by priority tier, in memory, rebuilt from the
 * `channels` table after every change on any instance; never a query per request.
 */
export class ChannelIndex {
  private all = new Map<number, CachedChannel>();
  private routes = new Map<string, Map<string, Tier[]>>();
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private readonly instance = randomId(8);

  constructor(private readonly ctx: Pick<BaseContext, 'db' | 'shared' | 'log'>) {}

  /** Builds the index and starts following changes made by other instances. */
  async load(): Promise<void> {
    await this.reload();
    this.ctx.shared.subscribe(topic, (from) => {
      if (from === this.instance) return;
      this.reload().catch((err: unknown) => this.ctx.log.error({ err }, 'channel index reload'));
    });
  }

  /** Rebuilds this instance's index and tells the other instances to rebuild theirs. */
  async refresh(): Promise<void> {
    await this.reload();
    await this.ctx.shared.publish(topic, this.instance);
  }

  /**
   * A channel for a request: the tier of `attempt` (clamped to the lowest), then lower tiers,
   * then higher ones; weighted random within a tier; never one in `exclude`.
   */
  select(input: SelectInput): CachedChannel | null {
    const tiers = this.routes.get(input.group)?.get(input.model);
    if (!tiers) return null;
    const start = Math.min(Math.max(input.attempt, 0), tiers.length - 1);
    for (let i = start; i < tiers.length; i++) {
      const picked = pickFromTier(tiers[i], input.exclude);
      if (picked) return picked;
    }
    for (let i = start - 1; i >= 0; i--) {
      const picked = pickFromTier(tiers[i], input.exclude);
      if (picked) return picked;
    }
    return null;
  }

  /** Any channel by id, whatever its state (an admin may pin one); null when unknown. */
  get(id: number): CachedChannel | null {
    return this.all.get(id) ?? null;
  }

  /** Models with at least one enabled channel in `group`, sorted. */
  modelsForGroup(group: string): string[] {
    return [...(this.routes.get(group)?.keys() ?? [])].sort();
  }

  /** Models with at least one enabled channel in any group, sorted. */
  enabledModels(): string[] {
    const models = new Set<string>();
    for (const byModel of this.routes.values())
      for (const model of byModel.keys()) models.add(model);
    return [...models].sort();
  }

  /** What the index holds: channels known, channels routed, and group × model × channel routes. */
  summary(): { channels: number; enabled: number; routes: number } {
    let enabled = 0;
    let routes = 0;
    for (const channel of this.all.values()) {
      if (channel.status !== ChannelStatus.enabled) continue;
      enabled++;
      routes += channel.groups.length * channel.models.length;
    }
    return { channels: this.all.size, enabled, routes };
  }

  /** Rebuilds from the database; concurrent calls share one rebuild plus at most one more. */
  reload(): Promise<void> {
    if (!this.running) {
      this.running = this.build().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.reload();
      });
    return this.queued;
  }

  private async build(): Promise<void> {
    const rows = await listAllChannels(this.ctx.db);
    const all = new Map<number, CachedChannel>();
    const routes = new Map<string, Map<string, Tier[]>>();
    for (const row of rows) {
      const channel = toCachedChannel(row);
      all.set(channel.id, channel);
      if (channel.status !== ChannelStatus.enabled) continue;
      for (const group of channel.groups) {
        let byModel = routes.get(group);
        if (!byModel) routes.set(group, (byModel = new Map()));
        for (const model of channel.models) {
          let tiers = byModel.get(model);
          if (!tiers) byModel.set(model, (tiers = []));
          const tier = tiers.find((t) => t.priority === channel.priority);
          if (tier) tier.channels.push(channel);
          else tiers.push({ priority: channel.priority, channels: [channel] });
        }
      }
    }
    for (const byModel of routes.values()) {
      for (const tiers of byModel.values()) tiers.sort((a, b) => b.priority - a.priority);
    }
    this.all = all;
    this.routes = routes;
  }
}
