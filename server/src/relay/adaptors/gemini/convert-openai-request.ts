import { invalidRequest } from '../errors/adaptor-error.js';
import { copyIfSet, isObject, parseArguments, type JsonObject } from '../shared/json.js';
import type { OpenAIChatRequest, OpenAIContentPart, OpenAIMessage } from '../openai/types.js';
import { toGeminiSchema } from './schema.js';
import type { GeminiContent, GeminiGenerationConfig, GeminiPart, GeminiRequest } from './types.js';

const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;
const EXTENSION_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  heic: 'image/heic',
};

function imagePart(url: string): GeminiPart {
  const m = DATA_URL.exec(url);
  if (m) return { inlineData: { mimeType: m[1], data: m[2] } };
  const ext = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase() ?? '';
  return { fileData: { mimeType: EXTENSION_TYPES[ext] ?? 'image/jpeg', fileUri: url } };
}

function part(p: OpenAIContentPart): GeminiPart | null {
  if (p.type === 'text') return p.text ? { text: p.text } : null;
  if (p.type === 'image_url') return imagePart(p.image_url.url);
  if (p.type === 'input_audio') {
    return { inlineData: { mimeType: `audio/${p.input_audio.format}`, data: p.input_audio.data } };
  }
  throw invalidRequest(`content part "${(p as { type: string }).type}" is not supported by Gemini`);
}

function parts(content: OpenAIMessage['content']): GeminiPart[] {
  if (typeof content === 'string') return content ? [{ text: content }] : [];
  const out: GeminiPart[] = [];
  for (const p of content ?? []) {
    const converted = part(p);
    if (converted) out.push(converted);
  }
  return out;
}

function toolResponse(content: OpenAIMessage['content']): JsonObject {
  const text =
    typeof content === 'string'
      ? content
      : (content ?? []).map((p) => (p.type === 'text' ? p.text : '')).join('');
  try {
    const parsed: unknown = JSON.parse(text);
    if (isObject(parsed)) return parsed;
  } catch {
    // Not JSON: wrap the text below.
  }
  return { content: text };
}

function generationConfig(req: OpenAIChatRequest): GeminiGenerationConfig | undefined {
  const g: GeminiGenerationConfig = {};
  copyIfSet(g, 'temperature', req.temperature);
  copyIfSet(g, 'topP', req.top_p);
  copyIfSet(g, 'topK', req.top_k);
  copyIfSet(g, 'maxOutputTokens', req.max_completion_tokens ?? req.max_tokens);
  if (req.stop != null) g.stopSequences = typeof req.stop === 'string' ? [req.stop] : req.stop;
  copyIfSet(g, 'candidateCount', req.n);
  copyIfSet(g, 'presencePenalty', req.presence_penalty);
  copyIfSet(g, 'frequencyPenalty', req.frequency_penalty);
  copyIfSet(g, 'seed', req.seed);
  const format = req.response_format;
  if (format?.type === 'json_object' || format?.type === 'json_schema') {
    g.responseMimeType = 'application/json';
    if (format.json_schema?.schema) g.responseSchema = toGeminiSchema(format.json_schema.schema);
  }
  return Object.keys(g).length > 0 ? g : undefined;
}

function toolConfig(req: OpenAIChatRequest): GeminiRequest['toolConfig'] {
  const choice = req.tool_choice;
  if (choice === 'auto') return { functionCallingConfig: { mode: 'AUTO' } };
  if (choice === 'none') return { functionCallingConfig: { mode: 'NONE' } };
  if (choice === 'required') return { functionCallingConfig: { mode: 'ANY' } };
  if (isObject(choice)) {
    return { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [choice.function.name] } };
  }
  return undefined;
}

/**
 * Converts an OpenAI chat request into a Gemini generateContent body: system messages become
 * systemInstruction, assistant turns `model` turns with functionCall parts, tool messages
 * functionResponse parts (named through the matching tool call), images inline or by URI.
 */
export function openAIRequestToGemini(req: OpenAIChatRequest): GeminiRequest {
  const system: GeminiPart[] = [];
  const contents: GeminiContent[] = [];
  const toolNames = new Map<string, string>();
  const add = (role: 'user' | 'model', newParts: GeminiPart[]): void => {
    if (newParts.length === 0) return;
    const last = contents.at(-1);
    if (last?.role === role) last.parts.push(...newParts);
    else contents.push({ role, parts: newParts });
  };
  for (const m of req.messages) {
    if (m.role === 'system' || m.role === 'developer') system.push(...parts(m.content));
    else if (m.role === 'user') add('user', parts(m.content));
    else if (m.role === 'assistant') {
      const calls = (m.tool_calls ?? []).map((c): GeminiPart => {
        toolNames.set(c.id, c.function.name);
        return {
          functionCall: { name: c.function.name, args: parseArguments(c.function.arguments) },
        };
      });
      add('model', [...parts(m.content), ...calls]);
    } else if (m.role === 'tool') {
      const name = toolNames.get(m.tool_call_id ?? '') ?? m.name ?? '';
      add('user', [{ functionResponse: { name, response: toolResponse(m.content) } }]);
    }
  }
  const out: GeminiRequest = { contents };
  if (system.length > 0) out.systemInstruction = { parts: system };
  const config = generationConfig(req);
  if (config) out.generationConfig = config;
  const declarations = (req.tools ?? []).map((t) => {
    const params = toGeminiSchema(t.function.parameters);
    const hasParams = isObject(params.properties) && Object.keys(params.properties).length > 0;
    return {
      name: t.function.name,
      ...(t.function.description !== undefined && { description: t.function.description }),
      ...(hasParams && { parameters: params }),
    };
  });
  if (declarations.length > 0) out.tools = [{ functionDeclarations: declarations }];
  const tc = toolConfig(req);
  if (tc && declarations.length > 0) out.toolConfig = tc;
  return out;
}
