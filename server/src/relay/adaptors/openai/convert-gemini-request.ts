import { invalidRequest } from '../errors/adaptor-error.js';
import { copyIfSet, isObject } from '../shared/json.js';
import { fromGeminiSchema } from '../gemini/schema.js';
import type { GeminiPart, GeminiRequest } from '../gemini/types.js';
import type {
  JsonSchema,
  OpenAIChatRequest,
  OpenAIContentPart,
  OpenAIMessage,
  OpenAIToolCall,
  OpenAIToolChoice,
} from './types.js';

function mediaPart(p: GeminiPart): OpenAIContentPart | null {
  if (p.text !== undefined) return p.thought || !p.text ? null : { type: 'text', text: p.text };
  const data = p.inlineData;
  if (data?.mimeType.startsWith('image/')) {
    return { type: 'image_url', image_url: { url: `data:${data.mimeType};base64,${data.data}` } };
  }
  if (data?.mimeType.startsWith('audio/')) {
    const format = data.mimeType.slice('audio/'.length).replace('mpeg', 'mp3');
    return { type: 'input_audio', input_audio: { data: data.data, format } };
  }
  if (p.fileData && (p.fileData.mimeType ?? 'image/').startsWith('image/')) {
    return { type: 'image_url', image_url: { url: p.fileData.fileUri } };
  }
  if (data || p.fileData)
    throw invalidRequest('only image and audio parts can be sent to this model');
  return null;
}

function toolChoice(req: GeminiRequest): OpenAIToolChoice | undefined {
  const cfg = req.toolConfig?.functionCallingConfig;
  if (cfg?.mode === 'NONE') return 'none';
  if (cfg?.mode === 'AUTO') return 'auto';
  if (cfg?.mode === 'ANY' || cfg?.mode === 'VALIDATED') {
    const names = cfg.allowedFunctionNames ?? [];
    return names.length === 1 ? { type: 'function', function: { name: names[0] } } : 'required';
  }
  return undefined;
}

/**
 * Converts a Gemini generateContent body into an OpenAI chat request (for a Gemini client
 * served by an OpenAI-compatible channel). Gemini calls carry no ids, so each functionResponse
 * is matched to the oldest unanswered functionCall of the same name.
 */
export function geminiRequestToOpenAI(
  req: GeminiRequest,
  model: string,
  stream: boolean,
): OpenAIChatRequest {
  const messages: OpenAIMessage[] = [];
  const system = (req.systemInstruction?.parts ?? []).map((p) => p.text ?? '').join('\n');
  if (system) messages.push({ role: 'system', content: system });
  const unanswered = new Map<string, string[]>();
  let callCount = 0;
  for (const c of req.contents) {
    const media: OpenAIContentPart[] = [];
    const calls: OpenAIToolCall[] = [];
    for (const p of c.parts) {
      if (p.functionCall) {
        const id = p.functionCall.id ?? `call_${callCount++}`;
        const args = JSON.stringify(p.functionCall.args ?? {});
        calls.push({
          id,
          type: 'function',
          function: { name: p.functionCall.name, arguments: args },
        });
        unanswered.set(p.functionCall.name, [...(unanswered.get(p.functionCall.name) ?? []), id]);
      } else if (p.functionResponse) {
        const { name, response } = p.functionResponse;
        const id = p.functionResponse.id ?? unanswered.get(name)?.shift() ?? `call_${callCount++}`;
        messages.push({ role: 'tool', tool_call_id: id, content: JSON.stringify(response) });
      } else {
        const part = mediaPart(p);
        if (part) media.push(part);
      }
    }
    const text = media.every((m) => m.type === 'text') ? media.map((m) => m.text).join('') : media;
    if (c.role === 'model') {
      if (media.length > 0 || calls.length > 0) {
        messages.push({
          role: 'assistant',
          content: media.length > 0 ? text : null,
          ...(calls.length > 0 && { tool_calls: calls }),
        });
      }
    } else if (media.length > 0) messages.push({ role: 'user', content: text });
  }
  const out: OpenAIChatRequest = { model, messages };
  const g = req.generationConfig ?? {};
  copyIfSet(out, 'temperature', g.temperature);
  copyIfSet(out, 'top_p', g.topP);
  copyIfSet(out, 'max_tokens', g.maxOutputTokens);
  if (g.stopSequences?.length) out.stop = g.stopSequences;
  copyIfSet(out, 'n', g.candidateCount);
  copyIfSet(out, 'presence_penalty', g.presencePenalty);
  copyIfSet(out, 'frequency_penalty', g.frequencyPenalty);
  copyIfSet(out, 'seed', g.seed);
  if (g.responseMimeType === 'application/json') {
    const schema = g.responseJsonSchema ?? (g.responseSchema && fromGeminiSchema(g.responseSchema));
    out.response_format = isObject(schema)
      ? { type: 'json_schema', json_schema: { name: 'response', schema } }
      : { type: 'json_object' };
  }
  const declarations = (req.tools ?? []).flatMap((t) => t.functionDeclarations ?? []);
  if (declarations.length > 0) {
    out.tools = declarations.map((d) => ({
      type: 'function',
      function: {
        name: d.name,
        ...(d.description !== undefined && { description: d.description }),
        parameters: (d.parametersJsonSchema ??
          fromGeminiSchema(d.parameters ?? { type: 'object', properties: {} })) as JsonSchema,
      },
    }));
    const choice = toolChoice(req);
    if (choice) out.tool_choice = choice;
  }
  if (stream) out.stream = true;
  return out;
}
