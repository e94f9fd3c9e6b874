import { isObject } from '../adaptors/shared/json.js';

/** Appends a string field, or the JSON of a structured one (tool arguments as an object). */
function add(out: string[], value: unknown): void {
  if (typeof value === 'string') out.push(value);
  else if (value !== undefined && value !== null) out.push(JSON.stringify(value));
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * The generated text of a whole answer in any upstream format — OpenAI chat (content,
 * reasoning, tool-call arguments) and completions, the Responses API, Anthropic messages
 * (text, thinking, tool input) and Gemini candidates — for counting its completion tokens
 * when the upstream reported no usage. Unknown shapes give an empty string.
 */
export function answerText(json: unknown): string {
  if (!isObject(json)) return '';
  const out: string[] = [];
  for (const choice of list(json.choices)) {
    if (!isObject(choice)) continue;
    add(out, choice.text);
    const message = isObject(choice.message) ? choice.message : {};
    add(out, message.content);
    add(out, message.reasoning_content);
    for (const call of list(message.tool_calls)) {
      if (isObject(call) && isObject(call.function)) add(out, call.function.arguments);
    }
  }
  for (const block of list(json.content)) {
    if (!isObject(block)) continue;
    add(out, block.text);
    add(out, block.thinking);
    if (block.type === 'tool_use') add(out, block.input);
  }
  for (const candidate of list(json.candidates)) {
    if (!isObject(candidate) || !isObject(candidate.content)) continue;
    for (const part of list(candidate.content.parts)) {
      if (!isObject(part)) continue;
      add(out, part.text);
      if (isObject(part.functionCall)) add(out, part.functionCall.args);
    }
  }
  for (const item of list(json.output)) {
    if (!isObject(item)) continue;
    add(out, item.arguments);
    for (const part of list(item.content)) if (isObject(part)) add(out, part.text);
  }
  return out.join('\n');
}
