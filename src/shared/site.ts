/**
 * Facts about the product that both the server and the client need. Money is kept in cents so that no
 * floating-point rounding ever reaches a price shown or charged.
 */
export const site = {
  productName: 'Indent',
  planName: 'The Ultimate Learn to Code Curriculum',
  company: 'Indent Learning LLC',
  contactEmail: 'hello@indent.dev',
  copyrightYear: 2024,
  priceCents: 48_900,
  listPriceCents: 99_900,
  currency: 'usd',
  accessDays: 365,
  /** Value reported with the advertising conversion event (SPEC 9), in US dollars. */
  conversionValue: 189.0,
  conversionCurrency: 'USD',
  minimumAge: 18,
  socialLinks: [
    { name: 'YouTube', href: 'https://www.youtube.com/@indentcode' },
    { name: 'X', href: 'https://x.com/indentcode' },
    { name: 'Instagram', href: 'https://www.instagram.com/indentcode' },
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/indentcode' },
    { name: 'GitHub', href: 'https://github.com/indentcode' },
  ],
} as const;

/** '{page} | Indent', the title format of every page (SPEC 1). */
export function pageTitle(page: string): string {
  return page ? `${page} | ${site.productName}` : site.productName;
}

/** Whole dollars for display: 48900 -> '$489'. */
export function formatDollars(cents: number): string {
  const dollars = cents / 100;
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}
