import { languages, type Language } from '@gateway/shared';
import type { FastifyRequest } from 'fastify';

/** The language to answer in: the signed-in user's choice, else Accept-Language, else en. */
export function requestLanguage(req: FastifyRequest, userLanguage = ''): Language {
  if ((languages as readonly string[]).includes(userLanguage)) return userLanguage as Language;
  const header = req.headers['accept-language'];
  if (typeof header === 'string') {
    for (const part of header.split(',')) {
      const code = part.split(';')[0].trim().slice(0, 2).toLowerCase();
      if ((languages as readonly string[]).includes(code)) return code as Language;
    }
  }
  return 'en';
}
