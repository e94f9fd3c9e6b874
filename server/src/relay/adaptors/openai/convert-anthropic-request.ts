import { copyIfSet } from '../shared/json.js';
import type {
  AnthropicContentBlock,
  AnthropicImageBlock,
  AnthropicRequest,
  AnthropicTextBlock,
  AnthropicToolChoice,
} from '../anthropic/types.js';
import type {
  OpenAIChatRequest,
  OpenAIContentPart,
  OpenAIMessage,
  OpenAIToolCall,
  OpenAIToolChoice,
} from './types.js';

function imagePart(block: AnthropicImageBlock): OpenAIContentPart {
  const src = block.source;
  const url = src.type === 'base64' ? `data:${src.media_type};base64,${src.data}` : src.url;
  return { type: 'image_url', image_url: { url } };
}

/** Text and image blocks as OpenAI content: a plain string when it is text only. */
function content(
  blocks: (AnthropicTextBlock | AnthropicImageBlock)[],
): string | OpenAIContentPart[] {
  if (blocks.every((b) => b.type === 'text')) return blocks.map((b) => b.text).join('');
  return blocks.map((b) => (b.type === 'text' ? { type: 'text', text: b.text } : imagePart(b)));
}

function toolResultText(
  c: string | (AnthropicTextBlock | AnthropicImageBlock)[] | undefined,
): string {
  if (typeof c === 'string') return c;
  return (c ?? []).map((b) => (b.type === 'text' ? b.text : '')).join('');
}

/** One Anthropic turn as OpenAI messages: tool results first (as tool messages), then the rest. */
function convertTurn(role: 'user' | 'assistant', blocks: AnthropicContentBlock[]): OpenAIMessage[] {
  const out: OpenAIMessage[] = [];
  const media: (AnthropicTextBlock | AnthropicImageBlock)[] = [];
  const calls: OpenAIToolCall[] = [];
  for (const b of blocks) {
    if (b.type === 'text' || b.type === 'image') media.push(b);
    else if (b.type === 'tool_result') {
      const text = toolResultText(b.content);
      out.push({ role: 'tool', tool_call_id: b.tool_use_id, content: text });
    } else if (b.type === 'tool_use') {
      const args = JSON.stringify(b.input ?? {});
      calls.push({ id: b.id, type: 'function', function: { name: b.name, arguments: args } });
    }
  }
  if (role === 'assistant') {
    if (media.length > 0 || calls.length > 0) {
      const text = media.length > 0 ? content(media) : null;
      out.push({ role, content: text, ...(calls.length > 0 && { tool_calls: calls }) });
    }
  } else if (media.length > 0) out.push({ role, content: content(media) });
  return out;
}

function toolChoice(choice: AnthropicToolChoice): OpenAIToolChoice {
  if (choice.type === 'any') return 'required';
  if (choice.type === 'none') return 'none';
  if (choice.type === 'tool') return { type: 'function', function: { name: choice.name } };
  return 'auto';
}

/**
 * Converts an Anthropic Messages request into an OpenAI chat request (for an Anthropic client
 * served by an OpenAI-compatible channel): system becomes a system message, tool_result blocks
 * tool messages, tool_use blocks tool_calls. Server tools and thinking blocks are dropped.
 */
export function anthropicRequestToOpenAI(
  req: AnthropicRequest,
  model: string,
  stream: boolean,
): OpenAIChatRequest {
  const messages: OpenAIMessage[] = [];
  if (req.system !== undefined) {
    const text =
      typeof req.system === 'string' ? req.system : req.system.map((b) => b.text).join('\n');
    if (text) messages.push({ role: 'system', content: text });
  }
  for (const m of req.messages) {
    const blocks =
      typeof m.content === 'string' ? [{ type: 'text' as const, text: m.content }] : m.content;
    messages.push(...convertTurn(m.role, blocks));
  }
  const out: OpenAIChatRequest = { model, messages };
  copyIfSet(out, 'max_tokens', req.max_tokens);
  copyIfSet(out, 'temperature', req.temperature);
  copyIfSet(out, 'top_p', req.top_p);
  if (req.stop_sequences?.length) out.stop = req.stop_sequences;
  if (req.metadata?.user_id !== undefined) out.user = req.metadata.user_id;
  const tools = (req.tools ?? []).filter((t) => t.input_schema !== undefined);
  if (tools.length > 0) {
    out.tools = tools.map((t) => ({
      type: 'function',
      function: {
        name: t.name,
        ...(t.description !== undefined && { description: t.description }),
        parameters: t.input_schema,
      },
    }));
    if (req.tool_choice) out.tool_choice = toolChoice(req.tool_choice);
    if (req.tool_choice?.disable_parallel_tool_use) out.parallel_tool_calls = false;
  }
  if (stream) out.stream = true;
  return out;
}
