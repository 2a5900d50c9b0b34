'use strict';
// The load generators' HTTP client (casino's provider pairs, originals' dice bets): one keep-alive connection per
// simulated client, one request at a time on it, written as one string and parsed by status line and
// Content-Length alone. node:http's client (agent, header objects, the incoming-message stream) cost about as much
// CPU per request as the server it measured, on the same two cores; this is the shape of pgbench's or wrk's
// client instead. Every answer of the server under test has a Content-Length (Fastify sets it); one without it is
// reported as a failed request, never guessed at.
const net = require('node:net');

class Connection {
  constructor(port) {
    this.port = port;
    this.socket = null;
    this.buf = Buffer.alloc(0);
    this.pending = null;
  }

  open() {
    return new Promise((resolve, reject) => {
      const s = net.connect(this.port, '127.0.0.1');
      s.setNoDelay(true);
      s.once('connect', () => {
        this.socket = s;
        resolve();
      });
      s.once('error', reject);
      s.on('data', (c) => this.onData(c));
      s.on('error', (e) => this.fail(e.message));
      s.on('close', () => {
        this.socket = null;
        this.fail('connection closed');
      });
    });
  }

  fail(reason) {
    const p = this.pending;
    this.pending = null;
    this.buf = Buffer.alloc(0);
    if (p) p.resolve({ status: 0, body: reason });
  }

  onData(chunk) {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const p = this.pending;
    if (!p) return;
    const end = this.buf.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = this.buf.toString('latin1', 0, end);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) {
      this.socket?.destroy();
      this.fail('answer without Content-Length');
      return;
    }
    const total = end + 4 + Number(length[1]);
    if (this.buf.length < total) return;
    const body = p.wantBody ? this.buf.toString('utf8', end + 4, total) : '';
    this.buf = this.buf.subarray(total);
    this.pending = null;
    p.resolve({ status: Number(head.slice(9, 12)), body });
  }

  /** POST/GET on this connection; resolves { status, body } (status 0 when the connection failed). */
  request(method, path, headers, body, wantBody) {
    return this.send(format(method, path, headers, body), wantBody);
  }

  /** A request already formatted by format() (a load generator may format its requests before it measures). */
  async send(raw, wantBody) {
    if (!this.socket) {
      try {
        await this.open();
      } catch (e) {
        return { status: 0, body: e.message };
      }
    }
    return new Promise((resolve) => {
      this.pending = { resolve, wantBody };
      this.socket.write(raw);
    });
  }

  close() {
    this.socket?.destroy();
  }
}

/** One HTTP/1.1 request as the string written to the socket. */
function format(method, path, headers, body) {
  let head = `${method} ${path} HTTP/1.1\r\nhost: localhost\r\n`;
  for (const k in headers) head += `${k}: ${headers[k]}\r\n`;
  return `${head}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

module.exports = { Connection, format };
