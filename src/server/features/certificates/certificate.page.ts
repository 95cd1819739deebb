import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PublicCertificate } from '#shared/api/certificates.schema.ts';
import { escapeHtml } from '#shared/html.ts';
import { pageTitle, site } from '#shared/site.ts';

/**
 * The HTML of /certificates/{id}: the built app's shell with the certificate's title and Open Graph
 * tags in its head. The page itself is drawn by the client, but LinkedIn and other link previews
 * read only the HTML the server sends, so the tags are written here.
 */
export function createCertificatePage(options: { clientDir: string }) {
  const root = resolve(options.clientDir);
  const shellFile = [join(root, 'app-shell.html'), join(root, 'index.html')].find((file) =>
    existsSync(file),
  );
  // Read once: the built files do not change while the server runs.
  const shell = shellFile ? readFileSync(shellFile, 'utf8') : null;

  return {
    built: shell !== null,
    /** The shell with tags for this certificate, or for "no such certificate" when undefined. */
    html(certificate: PublicCertificate | undefined): string {
      if (!shell) throw new Error('the client app is not built');
      return withHead(shell, headFor(certificate));
    },
  };
}

function headFor(certificate: PublicCertificate | undefined): { title: string; tags: string } {
  if (!certificate) {
    return {
      title: pageTitle('Certificate not found'),
      tags: '<meta name="robots" content="noindex" />',
    };
  }
  const date = new Date(certificate.issuedAt).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const built = (c: PublicCertificate) => {
    const count = c.issuedFor.projects?.length ?? 0;
    return count === 0 ? '' : `, ${count} program${count === 1 ? '' : 's'} built step by step`;
  };
  const title =
    certificate.state === 'valid'
      ? pageTitle(`${certificate.name ?? ''}: certificate of completion`)
      : pageTitle(`Certificate ${certificate.state}`);
  const description =
    certificate.state === 'valid'
      ? `${certificate.name ?? ''} completed ${certificate.course} (${certificate.modules.length} modules${built(certificate)}) on ${date}. Every exercise was checked by ${site.productName}'s server.`
      : `This certificate of completion was ${certificate.state} and is no longer valid.`;
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    meta('name', 'description', description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', site.productName),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', certificate.url),
    `<link rel="canonical" href="${escapeHtml(certificate.url)}" />`,
    // Withdrawn and revoked certificates should drop out of search results.
    ...(certificate.state === 'valid' ? [] : ['<meta name="robots" content="noindex" />']),
  ].join('\n    ');
  return { title, tags };
}

/** Replaces the shell's title and description and adds the tags before </head>. */
function withHead(shell: string, head: { title: string; tags: string }): string {
  const withoutDescription = shell.replace(/<meta\s+name="description"[^>]*>\s*/s, '');
  const titled = withoutDescription.replace(
    /<title>[^<]*<\/title>/,
    `<title>${escapeHtml(head.title)}</title>\n    ${head.tags}`,
  );
  return titled;
}
