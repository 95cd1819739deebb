import { describe, expect, it } from 'vitest';
import { readAppBoot } from './page-boot.ts';

describe('a page’s boot block', () => {
  it('reads the start address and the chunks, keeping only strings', () => {
    expect(
      readAppBoot('{"start":"/assets/start-1.js","chunks":["/assets/core-2.js",3,null]}'),
    ).toEqual({ start: '/assets/start-1.js', chunks: ['/assets/core-2.js'] });
  });

  it('reads whom a page was drawn for, and only as a string', () => {
    expect(readAppBoot('{"start":"/s.js","chunks":[],"user":"{\\"_id\\":\\"u1\\"}"}')).toEqual({
      start: '/s.js',
      chunks: [],
      user: '{"_id":"u1"}',
    });
    expect(readAppBoot('{"start":"/s.js","chunks":[],"user":{"_id":"u1"}}')).toEqual({
      start: '/s.js',
      chunks: [],
    });
  });

  it('reads the requests to start after the paint, keeping only the API’s', () => {
    expect(
      readAppBoot(
        '{"start":"/s.js","chunks":[],"data":["/api/lessons/module3",1,"https://x.test/"]}',
      ),
    ).toEqual({ start: '/s.js', chunks: [], data: ['/api/lessons/module3'] });
  });

  it('is absent without a block, or with one of another shape', () => {
    expect(readAppBoot(undefined)).toBeUndefined();
    expect(readAppBoot('')).toBeUndefined();
    expect(readAppBoot('null')).toBeUndefined();
    expect(readAppBoot('{"start":1,"chunks":[]}')).toBeUndefined();
    expect(readAppBoot('{"start":"/a.js"}')).toBeUndefined();
  });
});
