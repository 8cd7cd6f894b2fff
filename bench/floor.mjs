// The floor of the site benchmark: node:http answering one prerendered page from memory, nothing else.
// Usage: node bench/floor.mjs <port> <html file>
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, file] = process.argv.slice(2);
const body = readFileSync(file);
createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html;charset=utf-8', 'content-length': body.length });
  response.end(body);
}).listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
