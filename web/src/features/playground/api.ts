import { userStore } from '../../lib/user-store';
import { createSseParser, readChatChunk, type ChatDelta } from './lib/sse';

/** One message of the conversation as the upstream sees it. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The playground request: OpenAI chat format plus the group to bill in. */
export interface PlaygroundRequest {
  model: string;
  messages: ChatMessage[];
  stream: boolean;
  temperature?: number;
  max_tokens?: number;
  group?: string;
}

/** The error message of a failed relay answer (OpenAI error shape, else the status text). */
async function failure(response: Response): Promise<Error> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: { message?: string }; message?: string };
    return new Error(body.error?.message || body.message || response.statusText);
  } catch {
    return new Error(text || `${response.status} ${response.statusText}`);
  }
}

/**
 * `POST /pg/chat/completions`: signed in by the session (no key), billed to the user. Each
 * streamed piece goes to `onDelta`; a non-streamed answer arrives as one piece.
 */
export async function sendPlayground(
  body: PlaygroundRequest,
  onDelta: (delta: ChatDelta) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch('/pg/chat/completions', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'New-Api-User': String(userStore.get()?.id ?? -1),
    },
    credentials: 'same-origin',
    body: JSON.stringify(body.stream ? { ...body, stream_options: { include_usage: true } } : body),
    signal,
  });
  if (!response.ok) throw await failure(response);
  if (!body.stream || !response.body) {
    onDelta(readChatChunk(await response.json()));
    return;
  }
  const parser = createSseParser((data) => {
    if (data === '[DONE]') return;
    try {
      onDelta(readChatChunk(JSON.parse(data)));
    } catch {
      // A malformed piece is skipped; the rest of the stream still counts.
    }
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parser.push(value);
  }
  parser.end();
}
