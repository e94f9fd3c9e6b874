/** Gemini generateContent wire types (the fields the gateway reads or writes). */

/** One part of a content. */
export interface GeminiPart {
  text?: string;
  /** True when `text` is a thought summary. */
  thought?: boolean;
  thoughtSignature?: string;
  inlineData?: { mimeType: string; data: string };
  fileData?: { mimeType?: string; fileUri: string };
  functionCall?: { id?: string; name: string; args?: Record<string, unknown> };
  functionResponse?: { id?: string; name: string; response: Record<string, unknown> };
}

/** One turn: `user` or `model`. */
export interface GeminiContent {
  role?: 'user' | 'model' | 'function';
  parts: GeminiPart[];
}

/** A function the model may call. */
export interface GeminiFunctionDeclaration {
  name: string;
  description?: string;
  parameters?: Record<string, unknown>;
  parametersJsonSchema?: unknown;
}

/** A tool entry. */
export interface GeminiTool {
  functionDeclarations?: GeminiFunctionDeclaration[];
  [key: string]: unknown;
}

/** Sampling and output settings. */
export interface GeminiGenerationConfig {
  temperature?: number;
  topP?: number;
  topK?: number;
  maxOutputTokens?: number;
  stopSequences?: string[];
  candidateCount?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  seed?: number;
  responseMimeType?: string;
  responseSchema?: unknown;
  responseJsonSchema?: unknown;
  [key: string]: unknown;
}

/** A generateContent request. Unknown fields are kept for pass-through. */
export interface GeminiRequest {
  contents: GeminiContent[];
  systemInstruction?: GeminiContent;
  tools?: GeminiTool[];
  toolConfig?: {
    functionCallingConfig?: {
      mode?: 'AUTO' | 'ANY' | 'NONE' | 'VALIDATED';
      allowedFunctionNames?: string[];
    };
  };
  generationConfig?: GeminiGenerationConfig;
  [key: string]: unknown;
}

/** Token counts per modality. */
export interface GeminiModalityCount {
  modality: string;
  tokenCount: number;
}

/** Usage: prompt includes cached tokens, candidates exclude thoughts. */
export interface GeminiUsageMetadata {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  totalTokenCount?: number;
  cachedContentTokenCount?: number;
  thoughtsTokenCount?: number;
  toolUsePromptTokenCount?: number;
  promptTokensDetails?: GeminiModalityCount[];
}

/** One candidate answer. */
export interface GeminiCandidate {
  content?: GeminiContent;
  finishReason?: string;
  index?: number;
}

/** A generateContent answer, or one chunk of a stream. */
export interface GeminiResponse {
  candidates?: GeminiCandidate[];
  promptFeedback?: { blockReason?: string };
  usageMetadata?: GeminiUsageMetadata;
  modelVersion?: string;
  responseId?: string;
}
