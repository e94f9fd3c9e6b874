/** A parser for a `text/event-stream` body fed in arbitrary chunks. */
export interface SseParser {
  /** Feeds the next piece of text; complete `data:` payloads are reported. */
  push(text: string): void;
  /** Reports a last event that had no trailing blank line. */
  end(): void;
}

/** Calls `onData` with the joined `data:` lines of every event (comments and ids ignored). */
export function createSseParser(onData: (data: string) => void): SseParser {
  let buffer = '';
  let data: string[] = [];
  const dispatch = () => {
    if (data.length) onData(data.join('\n'));
    data = [];
  };
  const line = (raw: string) => {
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
  };
  return {
    push(text) {
      buffer += text;
      let newline = buffer.indexOf('\n');
      while (newline !== -1) {
        line(buffer.slice(0, newline));
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
      }
    },
    end() {
      if (buffer) line(buffer);
      buffer = '';
      dispatch();
    },
  };
}

/** What one streamed chat chunk adds. */
export interface ChatDelta {
  content: string;
  reasoning: string;
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };
  error?: string;
}

/** Reads an OpenAI chat completion chunk (or a whole answer, or an error object). */
export function readChatChunk(payload: unknown): ChatDelta {
  const out: ChatDelta = { content: '', reasoning: '' };
  if (!payload || typeof payload !== 'object') return out;
  const chunk = payload as {
    choices?: Array<{ delta?: Record<string, unknown>; message?: Record<string, unknown> }>;
    usage?: ChatDelta['usage'];
    error?: { message?: string };
  };
  const part = chunk.choices?.[0]?.delta ?? chunk.choices?.[0]?.message;
  if (typeof part?.content === 'string') out.content = part.content;
  const reasoning = part?.reasoning_content ?? part?.reasoning;
  if (typeof reasoning === 'string') out.reasoning = reasoning;
  if (chunk.usage) out.usage = chunk.usage;
  if (chunk.error) out.error = chunk.error.message ?? JSON.stringify(chunk.error);
  return out;
}
