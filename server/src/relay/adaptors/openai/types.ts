/** OpenAI chat completions wire types (the fields the gateway reads or writes). */

/** A JSON Schema object, kept opaque. */
export type JsonSchema = Record<string, unknown>;

/** A text part of a message. */
export interface OpenAITextPart {
  type: 'text';
  text: string;
  /** Anthropic-style cache hint some clients send through OpenAI-format gateways. */
  cache_control?: unknown;
}

/** An image part: an http(s) URL or a `data:` URL. */
export interface OpenAIImagePart {
  type: 'image_url';
  image_url: { url: string; detail?: string };
}

/** An audio input part (base64). */
export interface OpenAIAudioPart {
  type: 'input_audio';
  input_audio: { data: string; format: string };
}

/** One part of a multi-part message content. */
export type OpenAIContentPart = OpenAITextPart | OpenAIImagePart | OpenAIAudioPart;

/** A tool call made by the assistant. */
export interface OpenAIToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** One message of the conversation. */
export interface OpenAIMessage {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  content?: string | OpenAIContentPart[] | null;
  name?: string;
  tool_calls?: OpenAIToolCall[];
  tool_call_id?: string;
  reasoning_content?: string | null;
}

/** A function tool definition. */
export interface OpenAITool {
  type: 'function';
  function: { name: string; description?: string; parameters?: JsonSchema; strict?: boolean };
}

/** How the model may use tools. */
export type OpenAIToolChoice =
  'auto' | 'none' | 'required' | { type: 'function'; function: { name: string } };

/** A chat completions request. Unknown fields are kept for pass-through. */
export interface OpenAIChatRequest {
  model?: string;
  messages: OpenAIMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean } | null;
  max_tokens?: number | null;
  max_completion_tokens?: number | null;
  temperature?: number | null;
  top_p?: number | null;
  top_k?: number | null;
  n?: number | null;
  stop?: string | string[] | null;
  presence_penalty?: number | null;
  frequency_penalty?: number | null;
  seed?: number | null;
  user?: string;
  tools?: OpenAITool[];
  tool_choice?: OpenAIToolChoice;
  parallel_tool_calls?: boolean;
  response_format?: {
    type: 'text' | 'json_object' | 'json_schema';
    json_schema?: { name: string; schema?: JsonSchema; strict?: boolean };
  };
  [key: string]: unknown;
}

/** Why a choice stopped. */
export type OpenAIFinishReason =
  'stop' | 'length' | 'tool_calls' | 'content_filter' | 'function_call';

/** Usage as OpenAI reports it: prompt includes cached tokens, completion includes reasoning. */
export interface OpenAIUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details?: { cached_tokens?: number; audio_tokens?: number };
  completion_tokens_details?: { reasoning_tokens?: number; audio_tokens?: number };
}

/** The assistant message of a non-stream answer. */
export interface OpenAIResponseMessage {
  role: 'assistant';
  content: string | null;
  reasoning_content?: string;
  tool_calls?: OpenAIToolCall[];
  refusal?: string | null;
}

/** A non-stream chat completion. */
export interface OpenAIChatCompletion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: {
    index: number;
    message: OpenAIResponseMessage;
    finish_reason: OpenAIFinishReason | null;
    logprobs?: unknown;
  }[];
  usage?: OpenAIUsage;
  system_fingerprint?: string | null;
}

/** A tool call fragment in a stream delta. */
export interface OpenAIToolCallDelta {
  index: number;
  id?: string;
  type?: 'function';
  function?: { name?: string; arguments?: string };
}

/** The delta of one choice in a stream chunk. */
export interface OpenAIDelta {
  role?: 'assistant';
  content?: string | null;
  reasoning_content?: string | null;
  /** OpenRouter's name for reasoning text. */
  reasoning?: string | null;
  tool_calls?: OpenAIToolCallDelta[];
  refusal?: string | null;
}

/** One stream chunk. */
export interface OpenAIChatChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: {
    index: number;
    delta: OpenAIDelta;
    finish_reason: OpenAIFinishReason | null;
    logprobs?: unknown;
  }[];
  usage?: OpenAIUsage | null;
}
