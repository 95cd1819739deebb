import { z } from 'zod';

/*
 * The options of a "Which picture will this draw?" checkpoint (content/README.md, "Checkpoints";
 * decision 0039): each a short turtle program whose drawing is the picture shown, with the words a
 * screen reader reads in its place. The learner sees the pictures, never these programs.
 */

const text = z.string().trim().min(1, { error: 'must not be empty' });
const sentence = text.max(200, { error: 'must be at most 200 characters (one sentence)' });

const pictureOptionSchema = z
  .strictObject({
    /** The program that draws this option's picture. */
    code: text,
    /** The picture in words: its accessible name, and what tells the options apart without sight. */
    alt: sentence,
    'why-not': sentence.optional(),
  })
  .transform(({ code, alt, 'why-not': whyNot }) => ({
    code,
    alt,
    ...(whyNot !== undefined ? { whyNot } : {}),
  }));
export type PictureOption = z.output<typeof pictureOptionSchema>;

export const pictureOptionsSchema = z
  .array(pictureOptionSchema)
  .min(3, { error: 'needs 3 or 4 pictures' })
  .max(4, { error: 'has more than 4 pictures' })
  .check((ctx) => {
    const right = ctx.value.filter((option) => option.whyNot === undefined).length;
    if (right !== 1) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        message: `has ${right} pictures without a why-not; exactly one, the right one, has none`,
        params: { hint: 'give every wrong picture a `why-not:`, and the right one none' },
      });
    }
    for (const key of ['alt', 'code'] as const) {
      const seen = new Map<string, number>();
      ctx.value.forEach((option, index) => {
        const value = option[key].trim();
        const first = seen.get(value);
        if (first === undefined) {
          seen.set(value, index);
          return;
        }
        ctx.issues.push({
          code: 'custom',
          input: option,
          path: [index, key],
          message: `is the same as picture ${first + 1}'s`,
          params: { hint: `each picture needs its own ${key}` },
        });
      });
    }
  });
