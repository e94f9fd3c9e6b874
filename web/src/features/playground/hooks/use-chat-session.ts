import { useCallback, useRef, useState } from 'react';
import { sendPlayground, type ChatMessage } from '../api';
import type { ChatDelta } from '../lib/sse';

/** One turn of the conversation on screen. */
export interface Turn {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  reasoning: string;
  error?: string;
  usage?: ChatDelta['usage'];
  /** The answer is still arriving. */
  pending?: boolean;
}

/** The playground's parameters. */
export interface ChatSettings {
  model: string;
  group: string;
  temperature: number;
  /** Empty = the upstream default. */
  maxTokens: number | null;
  system: string;
  stream: boolean;
}

let nextId = 1;

/** The conversation: send (streaming into the last turn), stop, clear. */
export function useChatSession() {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const patchLast = (patch: (turn: Turn) => Partial<Turn>) =>
    setTurns((list) => list.map((t, i) => (i === list.length - 1 ? { ...t, ...patch(t) } : t)));

  const send = useCallback(async (text: string, settings: ChatSettings, history: Turn[]) => {
    const messages: ChatMessage[] = [];
    if (settings.system.trim()) messages.push({ role: 'system', content: settings.system.trim() });
    for (const turn of history) {
      if (!turn.error && turn.content) messages.push({ role: turn.role, content: turn.content });
    }
    messages.push({ role: 'user', content: text });
    setTurns([
      ...history,
      { id: nextId++, role: 'user', content: text, reasoning: '' },
      { id: nextId++, role: 'assistant', content: '', reasoning: '', pending: true },
    ]);
    const controller = new AbortController();
    abort.current = controller;
    setBusy(true);
    try {
      await sendPlayground(
        {
          model: settings.model,
          messages,
          stream: settings.stream,
          temperature: settings.temperature,
          ...(settings.maxTokens ? { max_tokens: settings.maxTokens } : {}),
          ...(settings.group ? { group: settings.group } : {}),
        },
        (delta) =>
          patchLast((t) => ({
            content: t.content + delta.content,
            reasoning: t.reasoning + delta.reasoning,
            usage: delta.usage ?? t.usage,
            error: delta.error ?? t.error,
          })),
        controller.signal,
      );
    } catch (error) {
      if (!controller.signal.aborted) {
        patchLast(() => ({ error: error instanceof Error ? error.message : String(error) }));
      }
    } finally {
      patchLast(() => ({ pending: false }));
      abort.current = null;
      setBusy(false);
    }
  }, []);

  const stop = useCallback(() => abort.current?.abort(), []);
  const clear = useCallback(() => {
    abort.current?.abort();
    setTurns([]);
  }, []);

  return { turns, busy, send, stop, clear };
}
