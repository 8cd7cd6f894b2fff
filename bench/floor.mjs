// The floor of the site benchmark: node:http answering one prerendered page from memory, nothing else.
// With a third argument it first spends that many milliseconds of CPU on every request, like a server that renders
// each page: how such a server's latencies spread under load is then visible without any of the site's code.
// Usage: node bench/floor.mjs <port> <html file> [busy ms]
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, file, busy = '0'] = process.argv.slice(2);
const body = readFileSync(file);
const busyMs = Number(busy);
createServer((_request, response) => {
  if (busyMs > 0) {
    const until = performance.now() + busyMs;
    while (performance.now() < until);
  }
  response.writeHead(200, { 'content-type': 'text/html;charset=utf-8', 'content-length': body.length });
  response.end(body);
}).listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
