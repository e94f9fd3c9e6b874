import type { FastifyReply, FastifyRequest } from 'fastify';
import { toAppError } from '../errors.js';
import { requestLanguage } from '../lib/request-language.js';

/** Whether a path belongs to the management API (envelope errors) rather than the relay. */
export const isManagementPath = (url: string) => url.startsWith('/api/') || url === '/api';

/** The one exit for errors: the envelope on `/api`, OpenAI's error shape elsewhere. */
export function handleError(error: unknown, req: FastifyRequest, reply: FastifyReply): void {
  const appError = toAppError(error);
  if (appError.status >= 500) req.log.error({ err: error }, 'request failed');
  const message = appError.localized(requestLanguage(req, req.authUser?.language));
  if (isManagementPath(req.url)) {
    void reply.status(appError.status).send({ success: false, message, code: appError.id });
    return;
  }
  void reply.status(appError.status === 200 ? 400 : appError.status).send({
    error: {
      message: `${message} (request id: ${req.id})`,
      type: appError.status >= 500 ? 'server_error' : 'invalid_request_error',
      param: null,
      code: appError.id,
    },
  });
}
