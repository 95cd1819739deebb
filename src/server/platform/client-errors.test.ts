import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await t.close();
});

/** Sends raw bytes on a keep-alive connection and collects everything until the server closes it. */
function exchange(raw: string): Promise<{ text: string; closedCleanly: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let reset = false;
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNRESET') reset = true;
      else reject(err);
    });
    socket.on('close', () => resolve({ text, closedCleanly: !reset }));
    socket.write(raw);
  });
}

describe('requests Node cannot parse', () => {
  it('get a 400 that says Connection: close, then a clean close', async () => {
    const { text, closedCleanly } = await exchange('NOT-HTTP garbage\r\n\r\n');
    const [head = '', body = ''] = text.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(head.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(body)).toEqual({
      error: { code: 'bad_request', message: expect.any(String) },
    });
    expect(closedCleanly).toBe(true);
  });

  it('get a 431 that says Connection: close when the headers are too large', async () => {
    const huge = 'x'.repeat(20_000);
    const { text, closedCleanly } = await exchange(
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nX-Big: ${huge}\r\n\r\n`,
    );
    const [head = '', body = ''] = text.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(head.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(body)).toMatchObject({ error: { code: 'headers_too_large' } });
    expect(closedCleanly).toBe(true);
  });

  it('leave a well-formed request on keep-alive as it was', async () => {
    const { text } = await exchange(
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    );
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });
});
