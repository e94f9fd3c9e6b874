import { admitLua } from '../lib/shared-state.js';

/**
 * The Lua scripts of the Redis holds (`redis-holds.ts`). Each runs atomically in Redis, so no
 * other instance's hold comes between a check and its hold. Numbers arrive and are stored as
 * the strings the client sent: Lua's numbers are doubles, exact to 2^53 like the ledger's, but
 * Lua would write a large one back as `1.2e+17`, so none is turned back into text here.
 *
 * The keys, all under the shared state's prefix:
 * - `money:m:<u|t>:<id>`: the mirror of a user's or key's row as last committed: `b` balance,
 *   `bu` budget used, `bp` the budget period that count belongs to, `v` the row's
 *   `money_ver`, `t` when it was last written (ms). Kept only when newer (by `v`) than the one
 *   there; expires when unused.
 * - `money:h:<u|t>:<id>`: what the requests in flight hold on that user or key.
 * - `money:holds:<instance>`: that instance's holds, by request id: `<amount> <accounts>`.
 * - `money:instances`: the instances that have holds, for the sweep of stopped ones.
 */

/**
 * TAKE: applies the seeds given (mirrors read from the database), runs the request's admission
 * checks (rate limits, slots, per-minute caps: `admitLua`), then checks every budget and
 * balance of the request against its mirror less what is held on it, and holds the amount on
 * every account: all a request asks of shared state before its upstream call, in one round
 * trip. Idempotent per request id (a command sent again after a reconnect holds once).
 *
 * KEYS: holds registry, instances set, the checks' keys, then per account its mirror and its
 * held counter.
 * ARGV: request id, amount, account count, now (ms), mirror TTL (ms), accounts text, instance
 * id, whether to count hits (1/0), the checks (count, then kind, limit, seconds each), then per
 * account 7 values: check the balance (1/0), budget quota (0: none), budget period start, and
 * a seed (balance, budget used, budget start, version; '' for none).
 * Returns 'ok', {'miss', i...} (accounts without a mirror: nothing counted), {'refused', j}
 * (check j failed) or {'short', i, 'budget'|'balance', t} (the first account that cannot cover
 * the amount, and when its mirror was written; the checks' slots given back).
 */
export const takeScript = `${admitLua}
local amount = tonumber(ARGV[2])
local n = tonumber(ARGV[3])
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 'ok' end
local checks = tonumber(ARGV[9])
local k0 = 2 + checks
local a0 = 9 + 3 * checks
local function arg(i) return a0 + (i - 1) * 7 end
local function mirror(i) return KEYS[k0 + 2 * i - 1] end
local function heldKey(i) return KEYS[k0 + 2 * i] end
for i = 1, n do
  local a = arg(i)
  if ARGV[a + 7] ~= '' then
    local v = redis.call('HGET', mirror(i), 'v')
    if not v or tonumber(v) <= tonumber(ARGV[a + 7]) then
      redis.call('HSET', mirror(i), 'b', ARGV[a + 4], 'bu', ARGV[a + 5], 'bp', ARGV[a + 6], 'v', ARGV[a + 7], 't', ARGV[4])
      redis.call('PEXPIRE', mirror(i), ARGV[5])
    end
  end
end
local state, missing = {}, {}
for i = 1, n do
  local m = redis.call('HMGET', mirror(i), 'b', 'bu', 'bp', 't')
  if m[1] then state[i] = m else missing[#missing + 1] = i end
end
if #missing > 0 then
  table.insert(missing, 1, 'miss')
  return missing
end
local refused = admit(2, 8, ARGV[8] == '1')
if refused > 0 then return {'refused', refused} end
local held = {}
for i = 1, n do held[i] = tonumber(redis.call('GET', heldKey(i)) or '0') end
for i = 1, n do
  local a = arg(i)
  local quota = tonumber(ARGV[a + 2])
  if quota > 0 then
    local used = 0
    if tonumber(state[i][3]) >= tonumber(ARGV[a + 3]) then used = tonumber(state[i][2]) end
    if quota - used - held[i] < amount then
      leaveAll(2, 8)
      return {'short', i, 'budget', state[i][4]}
    end
  end
end
for i = 1, n do
  if ARGV[arg(i) + 1] == '1' and tonumber(state[i][1]) - held[i] < amount then
    leaveAll(2, 8)
    return {'short', i, 'balance', state[i][4]}
  end
end
for i = 1, n do redis.call('INCRBY', heldKey(i), ARGV[2]) end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. ' ' .. ARGV[6])
redis.call('SADD', KEYS[2], ARGV[7])
return 'ok'
`;

/**
 * RAISE: a request whose cost exceeds its hold holds its cost until its settlement is
 * committed, so that what it will take is not offered to other requests meanwhile.
 *
 * KEYS: holds registry, then the request's held counters. ARGV: request id, the extra amount,
 * the registry's new text. Returns 0 when the hold is gone (swept, or lost with Redis).
 */
export const raiseScript = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
for i = 2, #KEYS do redis.call('INCRBY', KEYS[i], ARGV[2]) end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
return 1
`;

/**
 * RELEASE: lets go of holds whose moves are committed (each once: a hold already gone, swept
 * or lost with Redis, releases nothing), then writes the committed states into the mirrors
 * that are not newer already.
 *
 * KEYS: holds registry, the held counters of each hold in turn, then one mirror per state.
 * ARGV: hold count, then per hold its id and its number of counters; state count, then per
 * state balance, budget used, budget start, version; then now (ms) and the mirror TTL (ms).
 * Returns how many holds were let go.
 */
export const releaseScript = `
local a, k, released = 2, 2, 0
for j = 1, tonumber(ARGV[1]) do
  local id, count = ARGV[a], tonumber(ARGV[a + 1])
  a = a + 2
  local hold = redis.call('HGET', KEYS[1], id)
  if hold then
    redis.call('HDEL', KEYS[1], id)
    local amount = string.match(hold, '^%S+')
    for x = 0, count - 1 do
      if redis.call('DECRBY', KEYS[k + x], amount) <= 0 then redis.call('DEL', KEYS[k + x]) end
    end
    released = released + 1
  end
  k = k + count
end
local states = tonumber(ARGV[a])
a = a + 1
local now, ttl = ARGV[a + states * 4], ARGV[a + states * 4 + 1]
for j = 1, states do
  local mirror = KEYS[k]
  local v = redis.call('HGET', mirror, 'v')
  if not v or tonumber(v) <= tonumber(ARGV[a + 3]) then
    redis.call('HSET', mirror, 'b', ARGV[a], 'bu', ARGV[a + 1], 'bp', ARGV[a + 2], 'v', ARGV[a + 3], 't', now)
    redis.call('PEXPIRE', mirror, ttl)
  end
  k = k + 1
  a = a + 4
end
return released
`;

/**
 * RESTORE: after Redis lost its data (a restart without persistence), an instance holds again
 * what its requests in flight hold, so that other instances do not offer it twice; and says
 * again that it is alive, so that no sweep takes its holds for a stopped process's. Does
 * nothing when the instance's registry is still there (Redis kept its data).
 *
 * KEYS: holds registry, instances set, liveness key, then the held counters of each hold in
 * turn. ARGV: instance id, liveness TTL (s), hold count, then per hold its id, amount,
 * accounts text and number of counters. Returns how many holds were taken again.
 */
export const restoreScript = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local a, k = 4, 4
for j = 1, tonumber(ARGV[3]) do
  local id, amount, accounts, count = ARGV[a], ARGV[a + 1], ARGV[a + 2], tonumber(ARGV[a + 3])
  for x = 0, count - 1 do redis.call('INCRBY', KEYS[k + x], amount) end
  redis.call('HSET', KEYS[1], id, amount .. ' ' .. accounts)
  a = a + 4
  k = k + count
end
redis.call('SADD', KEYS[2], ARGV[1])
redis.call('SET', KEYS[3], '1', 'EX', ARGV[2])
return tonumber(ARGV[3])
`;
