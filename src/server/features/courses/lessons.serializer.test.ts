import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { lessonReplySchema } from '#shared/api/lesson.schema.ts';
import { testContent } from '../../testing/test-app.ts';
import { createLessonSerializer, preferredEncoding } from './lessons.serializer.ts';

// The lesson route sends bytes that Fastify does not check against its response schema, so this
// test does, for every lesson and every encoding (decision 0008's promise, decision 0021's bytes).

describe('the lesson serializer', () => {
  it('writes every lesson as its schema and JSON.stringify would, plain, brotli and gzip', async () => {
    const content = await testContent();
    const serializer = createLessonSerializer();
    expect(content.lessons.size).toBeGreaterThan(0);
    for (const [number, lesson] of content.lessons) {
      const plain = serializer.lesson(lesson, undefined);
      expect(plain.encoding, `module ${number}`).toBeUndefined();
      expect(plain.body.toString('utf8'), `module ${number}`).toBe(JSON.stringify(lesson));
      const sent = JSON.parse(plain.body.toString('utf8')) as unknown;
      expect(lessonReplySchema.parse(sent), `module ${number}`).toEqual(sent);

      const br = serializer.lesson(lesson, 'gzip, deflate, br');
      expect(br.encoding).toBe('br');
      expect(brotliDecompressSync(br.body).equals(plain.body), `module ${number} br`).toBe(true);
      expect(br.body.length).toBeLessThan(plain.body.length / 3);
      const gzip = serializer.lesson(lesson, 'gzip');
      expect(gzip.encoding).toBe('gzip');
      expect(gunzipSync(gzip.body).equals(plain.body), `module ${number} gzip`).toBe(true);
      // Compressed once: the second request gets the same bytes.
      expect(serializer.lesson(lesson, 'br').body).toBe(br.body);
    }
  });

  it('picks brotli, then gzip, and honours q=0 and *', () => {
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding('')).toBeUndefined();
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBeUndefined();
  });
});
