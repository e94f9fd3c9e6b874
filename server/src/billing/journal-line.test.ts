import { LogType } from '@gateway/shared';
import { describe, expect, it } from 'vitest';
import { journalLine, JsonBytes, settlementOfLine } from './journal-line.js';
import type { Settlement } from './settle-plan.js';

/** A settlement with every field a relay answer's settlement carries. */
const full = (): Settlement => ({
  kind: 'settle',
  reservation: {
    id: '0mwylsqzlcAXbAeyd',
    userId: 2,
    tokenId: 7,
    tokenLimited: true,
    quota: 57,
    budget: { user: 1_790_000_000, token: null },
    inMemory: true,
  },
  quota: 9,
  channelId: 3,
  log: {
    user_id: 2,
    created_at: 1_795_761_108,
    type: LogType.consume,
    content: 'group 1 × discount 1 × model 0.075 × (12 prompt + 20 completion × 4) = 7',
    username: 'bench "quoted"\nline',
    token_id: 7,
    token_name: 'tab\there \u2028 𝄞',
    model_name: 'gpt-4o-mini',
    quota: 0,
    prompt_tokens: 12,
    completion_tokens: 20,
    use_time: 5,
    is_stream: 1,
    channel_id: 3,
    group: 'default',
    ip: '127.0.0.1',
    request_id: '0mwylsqzlcAXbAeyd',
    other:
      '{"group_ratio":1,"model_ratio":0.075,"request_path":"/v1/chat/completions","use_channel":[3,1],"formula":"a \\"b\\" × c","partial":true}',
  },
  usage: { username: 'bench', modelName: 'gpt-4o-mini', tokens: 32, createdAt: 1_795_761_108 },
});

describe('usage journal lines', () => {
  it('read back as the settlement they were written from', () => {
    const s = full();
    const line = journalLine(s);
    expect(line).not.toMatch(/\n/);
    expect(settlementOfLine(line)).toEqual(s);
    // The log's detail is kept as it was written, not quoted a second time.
    expect(line).toContain(s.log!.other);
    expect(line.length).toBeLessThan(JSON.stringify(s).length);
  });

  it('keep a settlement without a log, a budget or a memory hold', () => {
    const s: Settlement = {
      ...full(),
      reservation: { id: 'r', userId: 1, tokenId: 0, tokenLimited: false, quota: 0 },
      log: null,
    };
    expect(settlementOfLine(journalLine(s))).toEqual(s);
  });

  it('write the columns a draft did not set as the table defaults them', () => {
    const s = full();
    const log = { ...s.log! };
    delete log.ip;
    delete log.username;
    delete log.use_time;
    s.log = log;
    expect(settlementOfLine(journalLine(s))?.log).toEqual({
      ...log,
      ip: '',
      username: '',
      use_time: 0,
    });
  });

  it('write a number JSON cannot hold as null, so the line still parses', () => {
    const s = full();
    s.log!.use_time = Number.NaN;
    const read = settlementOfLine(journalLine(s));
    expect(read?.log?.use_time).toBeUndefined();
    expect(read?.quota).toBe(9);
  });

  it('read the object lines of earlier versions', () => {
    const s = full();
    expect(settlementOfLine(JSON.stringify(s))).toEqual(s);
  });

  it('skip a line of an unknown version and refuse one cut short', () => {
    expect(settlementOfLine(`[99,${journalLine(full()).slice(3)}`)).toBeNull();
    expect(() => settlementOfLine(journalLine(full()).slice(0, -5))).toThrow();
  });
});

describe('JsonBytes', () => {
  it('writes every value as JSON.stringify does, growing its buffer as needed', () => {
    const values: unknown[] = [
      0,
      -0,
      7,
      -42,
      Number.MAX_SAFE_INTEGER,
      -Number.MAX_SAFE_INTEGER,
      2 ** 60,
      0.075,
      -1.5e-7,
      NaN,
      Infinity,
      '',
      'plain',
      'plain until its last "',
      'short é',
      'del \u007f',
      'y'.repeat(64),
      'z'.repeat(65),
      'quote " backslash \\ newline \n tab \t nul \u0000',
      'é × 𝄞 \u2028',
      'lone \ud800 surrogate',
      'x'.repeat(5000),
      null,
      true,
    ];
    const out = new JsonBytes(8);
    values.forEach((value, i) => {
      if (i > 0) out.char(44);
      out.value(value);
    });
    expect(out.toString()).toBe(values.map((value) => JSON.stringify(value)).join(','));
    out.clear();
    out.value(undefined);
    expect(out.toString()).toBe('null');
  });
});
