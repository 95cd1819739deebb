import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody } from './errors.ts';

/**
 * Answers a request Node could not even parse (a malformed request line, headers over the size
 * limit) and closes the connection, saying so: without `Connection: close` a keep-alive client sends
 * its next request down a socket we are closing and gets a reset instead of a clean end.
 * Used as Fastify's `clientErrorHandler`.
 */
export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          'headers_too_large',
          'The request headers are too large. Clear this site’s cookies and try again.',
        ]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', 'The request took too long to arrive. Please try again.']
        : [400, 'bad_request', 'The request could not be read. Please try again.'];
  const body = JSON.stringify(errorBody(code, message));
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Connection: close\r\n' +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  } else {
    socket.destroy();
  }
}
