/** The OpenAI end-of-stream event. */
export const SSE_DONE = 'data: [DONE]\n\n';

/** Formats one data-only event (OpenAI chunks). */
export function sseData(data: string): string {
  return `data: ${data}\n\n`;
}

/** Formats one named event (Anthropic, OpenAI Responses). */
export function sseEvent(event: string, data: string): string {
  return `event: ${event}\ndata: ${data}\n\n`;
}

/** Formats one Gemini event: Gemini ends each event with CRLF CRLF. */
export function sseGeminiData(data: string): string {
  return `data: ${data}\r\n\r\n`;
}
