// serve.mjs: a static file server for the page, on 127.0.0.1 only. `make serve` runs it on
// build/web; the browser tests and the benchmark import serveDirectory() for a free port.
// Usage: node serve.mjs DIR [PORT]   (PORT busy or 0: any free port; the address is printed)
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.hex': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

/** Serve `dir` on 127.0.0.1:port (0: a free one) under the path prefix (as GitHub Pages
 * serves a project's site under /<project>/); resolves to the running server. */
export function serveDirectory(dir, port = 0, prefix = '/') {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    try {
      const full = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (!full.startsWith(prefix)) throw Object.assign(new Error(), { code: 'ENOENT' });
      const path = `/${full.slice(prefix.length)}`;
      const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
      if (file !== root && !file.startsWith(root + sep)) throw Object.assign(new Error(), { code: 'ENOENT' });
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (e) {
      const missing = e.code === 'ENOENT' || e.code === 'EISDIR' || e instanceof URIError;
      res.writeHead(missing ? 404 : 500, { 'Content-Type': 'text/plain' });
      res.end(missing ? 'not found\n' : 'server error\n');
    }
  });
  return new Promise((ok, ko) => {
    server.once('error', ko);
    server.listen(port, '127.0.0.1', () => ok(server));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir, want = '0'] = process.argv.slice(2);
  if (!dir) {
    console.error('usage: node serve.mjs DIR [PORT]');
    process.exit(2);
  }
  let server;
  try {
    server = await serveDirectory(dir, Number(want));
  } catch (e) {
    if (e.code !== 'EADDRINUSE') throw e;
    console.error(`serve: port ${want} is taken; using a free one`);
    server = await serveDirectory(dir, 0);
  }
  console.log(`serve: ${dir} on http://127.0.0.1:${server.address().port}/ (Ctrl-C stops)`);
}
