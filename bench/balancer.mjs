// A round-robin HTTP balancer for `npm run bench -- --instances N`: keep-alive connections to
// each instance, requests and answers streamed through untouched.
//   node balancer.mjs --port 8900 --to 3001,3002,3003
import http from 'node:http';
import { parseArgs } from 'node:util';

const { values: a } = parseArgs({
  options: { port: { type: 'string' }, to: { type: 'string' } },
});
const ports = a.to.split(',').map(Number);
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let next = 0;
const server = http.createServer((req, res) => {
  const port = ports[next++ % ports.length];
  const upstream = http.request(
    { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
    res.end('{"error":{"message":"balancer: instance unreachable"}}');
  });
  req.pipe(upstream);
});
server.keepAliveTimeout = 60_000;
server.listen(Number(a.port), '127.0.0.1');
