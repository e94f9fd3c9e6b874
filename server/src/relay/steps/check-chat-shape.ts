import { invalidRequest } from '../../errors.js';
import type { ClientFormat } from '../adaptors/adaptor.js';
import { isObject, type JsonObject } from '../adaptors/shared/json.js';

/**
 * The structure a chat request must have before anything reads it, per format: lists where
 * lists belong, objects inside them, text or part lists as contents. A malformed body is the
 * client's mistake (400 in its format), never a crash inside a converter. Values are not
 * checked beyond their shape; the upstream judges them.
 */

function listOfObjects(value: unknown, where: string): JsonObject[] {
  if (!Array.isArray(value)) throw invalidRequest(`${where} must be an array`);
  value.forEach((item, i) => {
    if (!isObject(item)) throw invalidRequest(`${where}[${i}] must be an object`);
  });
  return value as JsonObject[];
}

/** Text, a list of part objects, or (`nullable`) nothing. */
function checkContent(value: unknown, where: string, nullable: boolean): void {
  if (typeof value === 'string') return;
  if (value === null || value === undefined) {
    if (nullable) return;
    throw invalidRequest(`${where} is required`);
  }
  if (!Array.isArray(value)) throw invalidRequest(`${where} must be a string or an array`);
  listOfObjects(value, where);
}

function checkOpenAI(body: JsonObject): void {
  listOfObjects(body.messages, 'messages').forEach((m, i) => {
    if (typeof m.role !== 'string') throw invalidRequest(`messages[${i}].role must be a string`);
    // Assistant turns with tool calls, and tool results, may carry no content.
    checkContent(m.content, `messages[${i}].content`, true);
  });
}

function checkAnthropic(body: JsonObject): void {
  listOfObjects(body.messages, 'messages').forEach((m, i) => {
    if (typeof m.role !== 'string') throw invalidRequest(`messages[${i}].role must be a string`);
    checkContent(m.content, `messages[${i}].content`, false);
  });
  if (body.system !== undefined) checkContent(body.system, 'system', true);
}

function checkGemini(body: JsonObject): void {
  listOfObjects(body.contents, 'contents').forEach((c, i) => {
    if (c.parts !== undefined) listOfObjects(c.parts, `contents[${i}].parts`);
  });
  const system = body.systemInstruction ?? body.system_instruction;
  if (system !== undefined && system !== null) {
    if (!isObject(system)) throw invalidRequest('systemInstruction must be an object');
    if (system.parts !== undefined) listOfObjects(system.parts, 'systemInstruction.parts');
  }
}

/** Refuses a chat body whose structure the format does not allow. */
export function checkChatShape(format: ClientFormat, body: JsonObject): void {
  if (format === 'openai') checkOpenAI(body);
  else if (format === 'anthropic') checkAnthropic(body);
  else checkGemini(body);
}
