import { isRecord, json, type Exchange, type Route } from './common.js';
import type { MjTaskStore } from './midjourney-tasks.js';
import { answer, invalid, mjRoute, mjWire } from './midjourney-wire.js';

// The fake Midjourney-Proxy's routes on existing tasks: fetches and lists (each read moves a
// task one stage on), the image seed and cancel.

const terminal = new Set(['SUCCESS', 'FAILURE', 'CANCEL']);

/** The distinct ids of a list body `{ids: […]}`. */
const ids = (body: unknown): string[] => {
  const list = isRecord(body) && Array.isArray(body.ids) ? body.ids : [];
  return [...new Set(list.map(String))];
};

/** The query and task routes of a fake's tasks. */
export function queryRoutes(store: MjTaskStore): Route[] {
  /** The tasks of the listed ids the proxy still knows, each read once. */
  const listed = (x: Exchange) =>
    json(
      x.res,
      200,
      ids(x.req.body).flatMap((id) => {
        const t = store.known(id);
        return t ? [mjWire(store.drive.read(t))] : [];
      }),
    );
  return [
    mjRoute('GET', '/task/([^/]+)/fetch', 'query', (x) => {
      const t = store.known(x.params[0] ?? '');
      if (!t) return json(x.res, 404, null);
      json(x.res, 200, mjWire(store.drive.read(t)));
    }),
    mjRoute('POST', '/task/list-by-condition', 'query', listed),
    mjRoute('POST', '/task/list-by-ids', 'query', listed),
    mjRoute('GET', '/task/([^/]+)/image-seed', 'other', (x) => {
      const t = store.known(x.params[0] ?? '');
      if (!t) return json(x.res, 404, answer(3, '任务不存在').body);
      if (t.status !== 'SUCCESS') return json(x.res, 200, invalid('任务未完成').body);
      json(x.res, 200, answer(1, '成功', String(Number(t.id.slice(-9)) * 7 + 1)).body);
    }),
    mjRoute('POST', '/task/([^/]+)/cancel', 'other', (x) => {
      const t = store.known(x.params[0] ?? '');
      if (!t) return json(x.res, 404, answer(3, '任务不存在').body);
      if (terminal.has(t.status)) return json(x.res, 200, invalid('任务状态错误').body);
      store.drive.jump(t, 'CANCEL');
      json(x.res, 200, answer(1, '成功', t.id).body);
    }),
  ];
}
