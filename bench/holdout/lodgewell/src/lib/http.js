'use strict';

// A small HTTP/1.1 server on a bare net.Socket: request line, headers,
// Content-Length or chunked bodies, keep-alive. Enough for a JSON API.

const net = require('net');

const MAX_HEADER_BYTES = 16 * 1024;
const MAX_BODY_BYTES = 256 * 1024;
const IDLE_TIMEOUT_MS = 30 * 1000;

const REASONS = {
  100: 'Continue',
  200: 'OK',
  204: 'No Content',
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  411: 'Length Required',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  505: 'HTTP Version Not Supported',
};

class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

function findHeaderEnd(buf) {
  const crlf = buf.indexOf('\r\n\r\n');
  if (crlf !== -1) return { end: crlf, sep: 4 };
  const lf = buf.indexOf('\n\n');
  if (lf !== -1) return { end: lf, sep: 2 };
  return null;
}

function parseHead(text) {
  const lines = text.split(/\r?\n/);
  const requestLine = lines.shift();
  const m = /^([A-Z]+) (\S+) HTTP\/(\d)\.(\d)$/.exec(requestLine);
  if (!m) throw new HttpError(400, 'malformed request line');
  const [, method, target, major, minor] = m;
  if (major !== '1') throw new HttpError(505, `HTTP/${major}.${minor} is not supported`);
  const headers = {};
  for (const line of lines) {
    if (!line) continue;
    const colon = line.indexOf(':');
    if (colon <= 0 || /\s/.test(line.slice(0, colon))) throw new HttpError(400, 'malformed header line');
    const name = line.slice(0, colon).toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  let path = target;
  let query = '';
  const q = target.indexOf('?');
  if (q !== -1) {
    path = target.slice(0, q);
    query = target.slice(q + 1);
  }
  return { method, target, path, query, version: `${major}.${minor}`, headers };
}

// Tries to decode a chunked body from buf at offset. Returns null when more
// bytes are needed, else { body, used }.
function decodeChunked(buf, offset) {
  const parts = [];
  let pos = offset;
  let size = 0;
  for (;;) {
    const eol = buf.indexOf('\r\n', pos);
    if (eol === -1) return null;
    const sizeText = buf.slice(pos, eol).toString('latin1').split(';')[0].trim();
    if (!/^[0-9a-fA-F]+$/.test(sizeText)) throw new HttpError(400, 'bad chunk size');
    const n = parseInt(sizeText, 16);
    pos = eol + 2;
    if (n === 0) {
      // trailers, then an empty line
      for (;;) {
        const end = buf.indexOf('\r\n', pos);
        if (end === -1) return null;
        const empty = end === pos;
        pos = end + 2;
        if (empty) return { body: Buffer.concat(parts), used: pos - offset };
      }
    }
    size += n;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'body too large');
    if (buf.length < pos + n + 2) return null;
    parts.push(buf.slice(pos, pos + n));
    if (buf[pos + n] !== 13 || buf[pos + n + 1] !== 10) throw new HttpError(400, 'bad chunk terminator');
    pos += n + 2;
  }
}

function serialize(res, keepAlive, headOnly) {
  const status = res.status || 200;
  const body = res.body === undefined ? Buffer.alloc(0) : Buffer.from(res.body);
  const headers = Object.assign({
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(body.length),
    'Connection': keepAlive ? 'keep-alive' : 'close',
    'Server': 'lodgewell',
    'Cache-Control': 'no-store',
  }, res.headers || {});
  let head = `HTTP/1.1 ${status} ${REASONS[status] || 'Unknown'}\r\n`;
  for (const [k, v] of Object.entries(headers)) head += `${k}: ${v}\r\n`;
  head += '\r\n';
  return headOnly ? Buffer.from(head, 'latin1') : Buffer.concat([Buffer.from(head, 'latin1'), body]);
}

function errorBody(status, message) {
  return JSON.stringify({ error: message, status });
}

function createServer(handler, log = () => {}) {
  return net.createServer((socket) => {
    let buf = Buffer.alloc(0);
    let closed = false;
    let continued = false;

    socket.setTimeout(IDLE_TIMEOUT_MS, () => socket.destroy());
    socket.on('error', () => { closed = true; });
    socket.on('close', () => { closed = true; });

    function send(res, keepAlive, headOnly) {
      if (closed) return;
      socket.write(serialize(res, keepAlive, headOnly));
      if (!keepAlive) {
        closed = true;
        socket.end();
      }
    }

    function reject(err) {
      const status = err instanceof HttpError ? err.status : 400;
      send({ status, body: errorBody(status, err.message) }, false, false);
      buf = Buffer.alloc(0);
    }

    function pump() {
      while (!closed && buf.length) {
        const found = findHeaderEnd(buf);
        if (!found) {
          if (buf.length > MAX_HEADER_BYTES) reject(new HttpError(431, 'headers too large'));
          return;
        }
        if (found.end > MAX_HEADER_BYTES) {
          reject(new HttpError(431, 'headers too large'));
          return;
        }
        let req;
        try {
          req = parseHead(buf.slice(0, found.end).toString('latin1'));
        } catch (err) {
          reject(err);
          return;
        }
        const start = found.end + found.sep;
        let body;
        let used;
        try {
          const te = (req.headers['transfer-encoding'] || '').toLowerCase();
          if (te) {
            if (te !== 'chunked') throw new HttpError(501, `transfer-encoding ${te} is not supported`);
            const decoded = decodeChunked(buf, start);
            if (!decoded) {
              maybeContinue(req);
              return;
            }
            body = decoded.body;
            used = start + decoded.used;
          } else {
            const cl = req.headers['content-length'];
            let length = 0;
            if (cl !== undefined) {
              if (!/^\d+$/.test(cl)) throw new HttpError(400, 'bad content-length');
              length = Number(cl);
            }
            if (length > MAX_BODY_BYTES) throw new HttpError(413, 'body too large');
            if (buf.length < start + length) {
              maybeContinue(req);
              return;
            }
            body = buf.slice(start, start + length);
            used = start + length;
          }
        } catch (err) {
          reject(err);
          return;
        }
        buf = buf.slice(used);
        continued = false;
        req.body = body;

        const conn = (req.headers.connection || '').toLowerCase();
        const keepAlive = req.version === '1.0' ? conn.includes('keep-alive') : !conn.includes('close');
        let res;
        try {
          res = handler(req);
        } catch (err) {
          log(`error handling ${req.method} ${req.target}: ${err && err.stack ? err.stack : err}`);
          res = { status: 500, body: errorBody(500, 'internal server error') };
        }
        send(res, keepAlive, req.method === 'HEAD');
      }
    }

    function maybeContinue(req) {
      if (!continued && (req.headers.expect || '').toLowerCase() === '100-continue') {
        continued = true;
        socket.write('HTTP/1.1 100 Continue\r\n\r\n');
      }
    }

    socket.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      pump();
    });
  });
}

module.exports = { createServer, HttpError, errorBody, parseHead, decodeChunked };
