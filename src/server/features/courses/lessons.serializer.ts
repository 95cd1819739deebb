import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { LessonReply } from '#shared/api/lesson.schema.ts';

/*
 * The JSON of GET /api/lessons/:module, as bytes, compressed (decision 0021). A lesson is the
 * largest reply of the API (about 130 KB of text and highlighted code) and the same for every
 * subscriber, so it is serialized once, and compressed once per encoding the first time a browser
 * asks for it, instead of on every request. lessons.serializer.test.ts holds the bytes to the
 * route's response schema, which Fastify does not check for bytes.
 */

export type ContentEncoding = 'br' | 'gzip';

export interface EncodedReply {
  body: Buffer;
  /** Absent: the bytes are plain JSON. */
  encoding?: ContentEncoding;
}

/**
 * The best encoding an Accept-Encoding header allows: brotli, then gzip, else none. A coding with
 * `q=0` is refused; `*` stands for any coding not named.
 */
export function preferredEncoding(header: string | undefined): ContentEncoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const allowed = (coding: ContentEncoding) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (allowed('br')) return 'br';
  if (allowed('gzip')) return 'gzip';
  return undefined;
}

export function createLessonSerializer() {
  const plain = new WeakMap<LessonReply, Buffer>();
  const compressed = new WeakMap<LessonReply, Partial<Record<ContentEncoding, Buffer>>>();

  const json = (lesson: LessonReply): Buffer => {
    let bytes = plain.get(lesson);
    if (!bytes) {
      bytes = Buffer.from(JSON.stringify(lesson));
      plain.set(lesson, bytes);
    }
    return bytes;
  };

  return {
    /** The lesson's bytes in the best encoding the request accepts. */
    lesson(lesson: LessonReply, acceptEncoding: string | undefined): EncodedReply {
      const encoding = preferredEncoding(acceptEncoding);
      if (!encoding) return { body: json(lesson) };
      const cache = compressed.get(lesson) ?? {};
      compressed.set(lesson, cache);
      // Brotli at quality 9 is within a few per cent of 11 here, at a tenth of the time.
      cache[encoding] ??=
        encoding === 'br'
          ? brotliCompressSync(json(lesson), {
              params: { [constants.BROTLI_PARAM_QUALITY]: 9 },
            })
          : gzipSync(json(lesson), { level: 9 });
      return { body: cache[encoding], encoding };
    },
  };
}
export type LessonSerializer = ReturnType<typeof createLessonSerializer>;

const brotliOnce = promisify(brotliCompress);
const gzipOnce = promisify(gzip);

/**
 * Bytes made for one request (a lesson page drawn for one learner, decision 0023), compressed in
 * the best encoding the request accepts: at a quality that costs a few milliseconds, since they are
 * sent once. A drawn lesson is about 150 KB of HTML; on a slow phone connection that is the
 * difference between a second and a fifth of one.
 */
export async function encodeOnce(text: string, acceptEncoding: string | undefined) {
  const body = Buffer.from(text);
  const encoding = preferredEncoding(acceptEncoding);
  if (encoding === 'br') {
    return {
      body: await brotliOnce(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      encoding,
    } satisfies EncodedReply;
  }
  if (encoding === 'gzip')
    return { body: await gzipOnce(body, { level: 6 }), encoding } satisfies EncodedReply;
  return { body } satisfies EncodedReply;
}
