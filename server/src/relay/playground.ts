import { Role } from '@gateway/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { isUsableGroup } from '../domain/groups/usable-groups.js';
import { authenticate } from '../http/middleware/with-session.js';
import { isObject } from './adaptors/shared/json.js';
import { RelayContext } from './relay-context.js';
import { relayAuthenticated, runRelay } from './relay-request.js';
import { callerOf } from './steps/authenticate-caller.js';

/**
 * `POST /pg/chat/completions`: the console playground, signed in by session (no key) and
 * billed to that user. The body may name a `group` the user may use.
 */
export function registerPlayground(scope: FastifyInstance, ctx: AppContext): void {
  scope.post('/pg/chat/completions', { config: { relayFormat: 'openai' } }, async (req, reply) => {
    const rc = new RelayContext(ctx, req, reply, 'openai', 'chat');
    await runRelay(rc, async () => {
      const user = await authenticate(ctx, req, Role.user);
      const { group: asked, ...upstreamBody } = isObject(req.body) ? req.body : {};
      // `group` is the playground's own field; the upstream must not see it (nor the text
      // that holds it).
      if (isObject(req.body)) req.body = upstreamBody;
      req.jsonText = '';
      rc.caller = callerOf(user, null, null);
      const usable = typeof asked === 'string' && isUsableGroup(ctx, user, asked);
      rc.usingGroup = usable ? asked : user.group;
      await relayAuthenticated(rc);
    });
    return reply;
  });
}
