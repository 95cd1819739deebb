import { escapeHtml } from '#shared/html.ts';
import { site } from '#shared/site.ts';

/** A mail ready for the outbox: plain text for every reader, and simple HTML without images. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface ReceiptFacts {
  name: string;
  orderId: string;
  amountCents: number;
  currency: string;
  paidAt: string;
  accessEndsAt: string;
  /** The promotion code used and the price before it (issue 38), when one was. */
  promo?: { code: string; listPriceCents: number | null } | undefined;
}

export interface ReminderFacts {
  name: string;
  accessEndsAt: string;
}

/** A reminder also says how many days are left: a late run, or a short grant, is not 14 days out. */
export interface ReminderMailFacts extends ReminderFacts {
  daysLeft: number;
}

/** How long the account stays after access ends (privacy policy; features/privacy RETENTION). */
const ACCOUNT_KEPT_MONTHS = 12;

/**
 * 'November 25, 2027'. Written in UTC: a mail has no reader's time zone, and the access end is a
 * moment in UTC, so the date is named with its zone wherever the exact moment matters.
 */
export function mailDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

function moneyText(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(cents / 100);
}

/** A first name to greet with; the profile name may be empty or a single word. */
function greeting(name: string): string {
  const first = name.trim().split(/\s+/)[0];
  return first ? `Hello ${first},` : 'Hello,';
}

/**
 * One block of content, rendered both ways from the same lines so the two versions never say
 * different things. A line is a paragraph, a [label, value] fact, or a link.
 */
type Line = string | { fact: [string, string] } | { link: [string, string] };

function isFact(line: Line | undefined): boolean {
  return typeof line === 'object' && 'fact' in line;
}

function render(subject: string, lines: Line[]): RenderedMail {
  // Facts in a row form one block (one per line); everything else is its own paragraph.
  let text = '';
  lines.forEach((line, i) => {
    if (i > 0) text += isFact(line) && isFact(lines[i - 1]) ? '\n' : '\n\n';
    if (typeof line === 'string') text += line;
    else if ('fact' in line) text += `${line.fact[0]}: ${line.fact[1]}`;
    else text += `${line.link[0]}: ${line.link[1]}`;
  });
  const body = lines
    .map((line) => {
      if (typeof line === 'string') return `<p>${escapeHtml(line)}</p>`;
      if ('fact' in line) {
        return `<p style="margin:4px 0"><strong>${escapeHtml(line.fact[0])}:</strong> ${escapeHtml(line.fact[1])}</p>`;
      }
      const [label, href] = line.link;
      return `<p><a href="${escapeHtml(href)}" style="color:#1d4ed8">${escapeHtml(label)}</a></p>`;
    })
    .join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;font-size:16px;line-height:1.5;color:#111827;max-width:560px;margin:0 auto;padding:16px">',
    body,
    `<p style="color:#4b5563;font-size:14px">${escapeHtml(site.company)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text: `${text}\n\n${site.company}\n`, html };
}

/** 'SPRING25 (list price 489.00 USD, you saved 122.25 USD)'. */
function promoLine(
  facts: ReceiptFacts,
  promo: { code: string; listPriceCents: number | null },
): Line {
  if (promo.listPriceCents === null || promo.listPriceCents <= facts.amountCents) {
    return { fact: ['Promotion code', promo.code] };
  }
  const saved = moneyText(promo.listPriceCents - facts.amountCents, facts.currency);
  const list = moneyText(promo.listPriceCents, facts.currency);
  return { fact: ['Promotion code', `${promo.code} (list price ${list}, you saved ${saved})`] };
}

/** After a paid order: what was bought, for how much, the reference, and when access ends. */
export function receiptMail(facts: ReceiptFacts, origin: string): RenderedMail {
  return render(`Your receipt and welcome to ${site.productName}`, [
    greeting(facts.name),
    `Thank you for your purchase. Your payment went through and your year of access has started.`,
    { fact: ['Bought', `${site.planName}, 1 year of access (no automatic renewal)`] },
    { fact: ['Amount paid', moneyText(facts.amountCents, facts.currency)] },
    ...(facts.promo ? [promoLine(facts, facts.promo)] : []),
    { fact: ['Order reference', facts.orderId] },
    { fact: ['Paid on', mailDate(facts.paidAt)] },
    { fact: ['Access ends', `${mailDate(facts.accessEndsAt)} (UTC)`] },
    'Start with the first lesson whenever you are ready:',
    { link: ['Go to your dashboard', `${origin}/dashboard`] },
    `Questions about this order? Reply to ${site.contactEmail} and quote the order reference.`,
  ]);
}

/** Fourteen days (or, for a shorter grant or a late run, fewer) before access ends. */
export function reminderMail(facts: ReminderMailFacts, origin: string): RenderedMail {
  const days = facts.daysLeft === 1 ? '1 day' : `${facts.daysLeft} days`;
  return render(`Your ${site.productName} access ends on ${mailDate(facts.accessEndsAt)}`, [
    greeting(facts.name),
    `Your access to ${site.planName} ends in ${days}, on ${mailDate(facts.accessEndsAt)} (UTC). It does not renew by itself, and nothing will be charged.`,
    'Until then every lesson, quiz and exercise is open to you:',
    { link: ['Continue on your dashboard', `${origin}/dashboard`] },
    'If you want more time, you can buy another year from the pricing page:',
    { link: ['See pricing', `${origin}/pricing`] },
  ]);
}

/** On the day access ends: what stays, and how to continue. */
export function accessEndedMail(facts: ReminderFacts, origin: string): RenderedMail {
  return render(`Your ${site.productName} access has ended`, [
    greeting(facts.name),
    `Your access to ${site.planName} ended on ${mailDate(facts.accessEndsAt)} (UTC).`,
    `Your account stays: you can still sign in, and your progress and saved code are kept for ${ACCOUNT_KEPT_MONTHS} months, as our privacy policy says.`,
    'If you earned a certificate of completion, it stays valid at its address, and you can still withdraw it after signing in.',
    'To continue learning where you stopped, buy another year:',
    { link: ['Buy another year', `${origin}/pricing`] },
    'Thank you for learning with us.',
  ]);
}

/** After a learner deleted their account: what went, what the law makes us keep, and the way back. */
export function accountDeletedMail(
  facts: { name: string; certificateKept: boolean },
  origin: string,
): RenderedMail {
  return render(`Your ${site.productName} account has been deleted`, [
    greeting(facts.name),
    'As you asked, your account has been deleted: your progress, saved code and its history, quiz answers, review queue, study days and the e-mails we kept for you are gone, and you have been signed out everywhere.',
    'The law makes us keep your order records for 7 years, for tax and accounting; they no longer carry your name or e-mail address.',
    facts.certificateKept
      ? 'Your public certificate stays at its address, as you chose; write to us to withdraw it.'
      : 'If you had a public certificate, it has been withdrawn and no longer shows your name.',
    'Signing in again with the same Google account starts a new, empty account.',
    { link: ['Our privacy policy', `${origin}/privacy`] },
  ]);
}
