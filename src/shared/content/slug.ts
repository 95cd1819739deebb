/**
 * URL slugs derived from titles. The quiz rule is fixed by SPEC section 2 (the route
 * /dashboard/quiz/{quizTitle}), so it must stay exactly this even where it looks odd:
 * "Loops & Ranges" becomes "loops--ranges".
 */
export function quizSlug(title: string): string {
  return title
    .toLowerCase()
    .replace(/ /g, '-')
    .replace(/[^\w-]/g, '');
}

/**
 * The module folder slug (content/README.md): lower-cased, every run of other characters
 * collapsed to one hyphen, so "Object-Oriented Programming (OOP)" gives
 * "object-oriented-programming-oop".
 */
export function folderSlug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The folder name of module `number`, e.g. `03-control-flow`. */
export function moduleFolderName(number: number, title: string): string {
  return `${String(number).padStart(2, '0')}-${folderSlug(title)}`;
}

/**
 * Finds the title whose quiz slug is `slug`. Slugs are lossy (case and punctuation are dropped),
 * so a title can only be recovered by searching the known titles, never by reversing the slug.
 */
export function titleFromSlug(slug: string, titles: Iterable<string>): string | undefined {
  for (const title of titles) {
    if (quizSlug(title) === slug) return title;
  }
  return undefined;
}
