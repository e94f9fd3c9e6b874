import type { ChannelItem } from '@gateway/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { fetchChannels, testChannel } from '../api';

/** Progress of a "test all" run. */
export interface TestAllProgress {
  running: boolean;
  total: number;
  done: number;
  passed: number;
  failures: Array<{ id: number; name: string; message: string }>;
}

const idle: TestAllProgress = { running: false, total: 0, done: 0, passed: 0, failures: [] };

/** Every channel not disabled by hand, read page by page. */
async function testableChannels(): Promise<ChannelItem[]> {
  const all: ChannelItem[] = [];
  for (let p = 1; ; p++) {
    const page = await fetchChannels({ p, page_size: 100, id_sort: true });
    all.push(...page.items);
    if (page.items.length === 0 || all.length >= page.total) break;
  }
  return all.filter((c) => c.status !== 2);
}

/**
 * Tests every channel not disabled by hand, one after another, reporting progress as it goes
 * (the same tests and disabling rules as a single test); can be stopped between channels.
 */
export function useTestAll() {
  const client = useQueryClient();
  const [progress, setProgress] = useState<TestAllProgress>(idle);
  const stopped = useRef(false);

  const start = useCallback(async () => {
    stopped.current = false;
    setProgress({ ...idle, running: true });
    try {
      const channels = await testableChannels();
      setProgress((p) => ({ ...p, total: channels.length }));
      for (const channel of channels) {
        if (stopped.current) break;
        const outcome = await testChannel(channel.id).catch((e: Error) => ({
          success: false,
          message: e.message,
          time: 0,
        }));
        setProgress((p) => ({
          ...p,
          done: p.done + 1,
          passed: p.passed + (outcome.success ? 1 : 0),
          failures: outcome.success
            ? p.failures
            : [...p.failures, { id: channel.id, name: channel.name, message: outcome.message }],
        }));
      }
    } finally {
      setProgress((p) => ({ ...p, running: false }));
      void client.invalidateQueries({ queryKey: ['channels'] });
    }
  }, [client]);

  const stop = useCallback(() => {
    stopped.current = true;
  }, []);
  const reset = useCallback(() => setProgress(idle), []);

  return { progress, start, stop, reset };
}
