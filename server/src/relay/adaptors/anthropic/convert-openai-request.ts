import { invalidRequest } from '../errors/adaptor-error.js';
import { copyIfSet, isObject, parseArguments } from '../shared/json.js';
import type {
  OpenAIChatRequest,
  OpenAIContentPart,
  OpenAIMessage,
  OpenAIToolChoice,
} from '../openai/types.js';
import type {
  AnthropicContentBlock,
  AnthropicImageBlock,
  AnthropicMessage,
  AnthropicRequest,
  AnthropicTextBlock,
  AnthropicToolChoice,
  AnthropicToolResultBlock,
} from './types.js';

/** Anthropic requires max_tokens; this is used when the client gave none. */
export const DEFAULT_MAX_TOKENS = 4096;

const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;

/** An OpenAI image URL as an Anthropic image block: `data:` URLs inline, others by URL. */
export function imageBlock(url: string): AnthropicImageBlock {
  const m = DATA_URL.exec(url);
  if (m) return { type: 'image', source: { type: 'base64', media_type: m[1], data: m[2] } };
  return { type: 'image', source: { type: 'url', url } };
}

function partBlock(part: OpenAIContentPart): AnthropicTextBlock | AnthropicImageBlock | null {
  if (part.type === 'text') {
    if (!part.text) return null;
    const block: AnthropicTextBlock = { type: 'text', text: part.text };
    copyIfSet(block, 'cache_control', part.cache_control);
    return block;
  }
  if (part.type === 'image_url') return imageBlock(part.image_url.url);
  throw invalidRequest(
    `content part "${(part as { type: string }).type}" is not supported by this model`,
  );
}

function contentBlocks(
  content: OpenAIMessage['content'],
): (AnthropicTextBlock | AnthropicImageBlock)[] {
  if (typeof content === 'string') return content ? [{ type: 'text', text: content }] : [];
  const out: (AnthropicTextBlock | AnthropicImageBlock)[] = [];
  for (const part of content ?? []) {
    const block = partBlock(part);
    if (block) out.push(block);
  }
  return out;
}

function assistantBlocks(m: OpenAIMessage): AnthropicContentBlock[] {
  const blocks: AnthropicContentBlock[] = contentBlocks(m.content);
  for (const call of m.tool_calls ?? []) {
    blocks.push({
      type: 'tool_use',
      id: call.id,
      name: call.function.name,
      input: parseArguments(call.function.arguments),
    });
  }
  return blocks;
}

function toolResult(m: OpenAIMessage): AnthropicToolResultBlock {
  const content = typeof m.content === 'string' ? m.content : contentBlocks(m.content);
  return { type: 'tool_result', tool_use_id: m.tool_call_id ?? '', content };
}

function toolChoice(
  choice: OpenAIToolChoice | undefined,
  parallel: boolean | undefined,
): AnthropicToolChoice | undefined {
  let out: AnthropicToolChoice | undefined;
  if (choice === 'auto') out = { type: 'auto' };
  else if (choice === 'required') out = { type: 'any' };
  else if (choice === 'none') out = { type: 'none' };
  else if (isObject(choice)) out = { type: 'tool', name: choice.function.name };
  if (parallel === false) {
    out ??= { type: 'auto' };
    if (out.type !== 'none') out.disable_parallel_tool_use = true;
  }
  return out;
}

/**
 * Converts an OpenAI chat request into an Anthropic Messages request: system messages become
 * `system`, tool messages become `tool_result` blocks, consecutive same-role turns merge, and
 * max_tokens gets a default. Fields without an Anthropic equivalent (n, penalties, seed,
 * response_format) are dropped.
 */
export function openAIRequestToAnthropic(
  req: OpenAIChatRequest,
  model: string,
  stream: boolean,
): AnthropicRequest {
  const system: AnthropicTextBlock[] = [];
  const messages: AnthropicMessage[] = [];
  const add = (role: AnthropicMessage['role'], blocks: AnthropicContentBlock[]): void => {
    if (blocks.length === 0) return;
    const last = messages.at(-1);
    if (last?.role === role && Array.isArray(last.content)) last.content.push(...blocks);
    else messages.push({ role, content: blocks });
  };
  for (const m of req.messages) {
    if (m.role === 'system' || m.role === 'developer') {
      for (const b of contentBlocks(m.content)) if (b.type === 'text') system.push(b);
    } else if (m.role === 'user') add('user', contentBlocks(m.content));
    else if (m.role === 'assistant') add('assistant', assistantBlocks(m));
    else if (m.role === 'tool') add('user', [toolResult(m)]);
  }
  const out: AnthropicRequest = {
    model,
    messages,
    max_tokens: req.max_completion_tokens ?? req.max_tokens ?? DEFAULT_MAX_TOKENS,
  };
  if (system.length === 1 && system[0].cache_control === undefined) out.system = system[0].text;
  else if (system.length > 0) out.system = system;
  if (req.stop != null) out.stop_sequences = typeof req.stop === 'string' ? [req.stop] : req.stop;
  // Anthropic's temperature range is 0..1 where OpenAI's is 0..2.
  if (req.temperature != null) out.temperature = Math.min(req.temperature, 1);
  copyIfSet(out, 'top_p', req.top_p);
  copyIfSet(out, 'top_k', req.top_k);
  copyIfSet(out, 'thinking', req.thinking);
  if (req.user !== undefined) out.metadata = { user_id: req.user };
  if (req.tools?.length) {
    out.tools = req.tools.map((t) => ({
      name: t.function.name,
      ...(t.function.description !== undefined && { description: t.function.description }),
      input_schema: t.function.parameters ?? { type: 'object', properties: {} },
    }));
  }
  // Anthropic rejects tool_choice without tools.
  const choice = out.tools && toolChoice(req.tool_choice, req.parallel_tool_calls);
  if (choice) out.tool_choice = choice;
  if (stream) out.stream = true;
  return out;
}
