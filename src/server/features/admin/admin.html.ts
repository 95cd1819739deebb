import { escapeHtml } from '#shared/html.ts';
import type { QuestionFigures, Report } from './admin.figures.ts';
import { day, minute, money, percent } from './admin.text.ts';

/*
 * The report as one self-contained HTML page a seller can open or mail: styles inline, charts as
 * inline SVG, no script, no font, image or address outside the file (its Content-Security-Policy
 * says so too, so a mail client or browser will not fetch anything even if a name held an address).
 */

const COLORS = ['#1d4ed8', '#b45309', '#047857'];

interface Series {
  name: string;
  values: readonly number[];
}

/** Vertical bars, one group per label, one bar per series, each value written above its bar. */
function barChart(title: string, labels: readonly string[], series: readonly Series[]): string {
  const bar = 18;
  // Wide enough for its label too (about 7 px a character at 12 px), so labels never overlap.
  const longest = Math.max(0, ...labels.map((l) => l.length));
  const groupWidth = Math.max(series.length * bar + 16, longest * 7 + 12);
  const width = Math.max(360, 48 + labels.length * groupWidth);
  const height = 240;
  const top = 44;
  const bottom = height - 40;
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const scale = (v: number) => ((bottom - top) * v) / max;
  const bars = labels.flatMap((label, g) => {
    const x0 = 40 + g * groupWidth + (groupWidth - series.length * bar - 12) / 2;
    const rects = series.map((s, i) => {
      const v = s.values[g] ?? 0;
      const x = x0 + i * bar;
      const y = bottom - scale(v);
      return `<rect x="${x}" y="${y.toFixed(1)}" width="${bar - 2}" height="${scale(v).toFixed(1)}" fill="${COLORS[i % COLORS.length]}"><title>${escapeHtml(`${label} ${s.name}: ${v}`)}</title></rect><text x="${x + (bar - 2) / 2}" y="${(y - 4).toFixed(1)}" class="v">${v}</text>`;
    });
    return [
      ...rects,
      `<text x="${x0 + (series.length * bar) / 2}" y="${bottom + 16}" class="l">${escapeHtml(label)}</text>`,
    ];
  });
  const legend = series
    .map(
      (s, i) =>
        `<rect x="${40 + i * 150}" y="6" width="12" height="12" fill="${COLORS[i % COLORS.length]}"/><text x="${56 + i * 150}" y="16">${escapeHtml(s.name)}</text>`,
    )
    .join('');
  const summary = labels
    .map((l, g) => `${l}: ${series.map((s) => `${s.name} ${s.values[g] ?? 0}`).join(', ')}`)
    .join('; ');
  return `<svg role="img" aria-labelledby="t-${slug(title)} d-${slug(title)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><title id="t-${slug(title)}">${escapeHtml(title)}</title><desc id="d-${slug(title)}">${escapeHtml(summary)}</desc>${legend}<line x1="36" y1="${bottom}" x2="${width - 8}" y2="${bottom}" stroke="#555"/>${bars.join('')}</svg>`;
}

/** Horizontal bars of a share (0-100%), one row per label. */
function shareChart(
  title: string,
  rows: readonly { label: string; part: number; whole: number }[],
): string {
  const rowHeight = 22;
  const labelWidth = 260;
  const barWidth = 300;
  const width = labelWidth + barWidth + 60;
  const height = 10 + rows.length * rowHeight;
  const body = rows
    .map((r, i) => {
      const y = 6 + i * rowHeight;
      const share = r.whole === 0 ? 0 : r.part / r.whole;
      const label = r.label.length > 40 ? `${r.label.slice(0, 39)}…` : r.label;
      return `<text x="${labelWidth - 8}" y="${y + 14}" class="r">${escapeHtml(label)}</text><rect x="${labelWidth}" y="${y}" width="${barWidth}" height="16" fill="#e5e7eb"/><rect x="${labelWidth}" y="${y}" width="${(barWidth * share).toFixed(1)}" height="16" fill="${COLORS[2]}"/><text x="${labelWidth + barWidth + 6}" y="${y + 14}">${escapeHtml(percent(r.part, r.whole))}</text>`;
    })
    .join('');
  const summary = rows.map((r) => `${r.label}: ${percent(r.part, r.whole)}`).join('; ');
  return `<svg role="img" aria-labelledby="t-${slug(title)} d-${slug(title)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><title id="t-${slug(title)}">${escapeHtml(title)}</title><desc id="d-${slug(title)}">${escapeHtml(summary)}</desc>${body}</svg>`;
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function htmlTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const head = headers.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
  const body = rows
    .map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`)
    .join('');
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;color:#111;max-width:60rem;margin:2rem auto;padding:0 1rem}
h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2.2rem}table{border-collapse:collapse;margin:.8rem 0}
th,td{border-bottom:1px solid #ccc;padding:.25rem .6rem;text-align:left;vertical-align:top}
svg{display:block;max-width:100%;height:auto;margin:.8rem 0}svg text{font:12px system-ui,sans-serif;fill:#111}
svg text.v,svg text.l{text-anchor:middle}svg text.r{text-anchor:end}`;

function salesSection(report: Report): string {
  const rows = report.sales.map((m) => [
    `${m.month} ${m.currency.toUpperCase()}`,
    String(m.sold),
    money(m.grossCents, m.currency),
    String(m.refunded),
    money(m.netCents, m.currency),
  ]);
  const chart = barChart(
    'Orders per month',
    report.sales.map((m) => `${m.month} ${m.currency.toUpperCase()}`),
    [
      { name: 'sold', values: report.sales.map((m) => m.sold) },
      { name: 'refunded', values: report.sales.map((m) => m.refunded) },
    ],
  );
  return `<h2>Sales per month</h2>${report.sales.length === 0 ? '<p>No sales yet.</p>' : chart + htmlTable(['Month', 'Sold', 'Gross', 'Refunded', 'Net'], rows)}`;
}

function promotionsSection(report: Report): string {
  if (report.promotions.length === 0) return '';
  const rows = report.promotions.map((p) => [
    p.code,
    String(p.sold),
    money(p.discountCents, p.currency),
    money(p.netCents, p.currency),
    p.overLimit === 0 ? '-' : String(p.overLimit),
  ]);
  return `<h2>Promotion codes</h2>${htmlTable(['Code', 'Sold', 'Discount given', 'Net', 'Over the limit'], rows)}`;
}

function funnelSection(report: Report): string {
  const labels = report.funnel.map((m) => `M${m.number}`);
  const chart = barChart('Completion funnel per module', labels, [
    { name: 'lesson opened', values: report.funnel.map((m) => m.opened) },
    { name: 'exercises solved', values: report.funnel.map((m) => m.exercisesSolved ?? 0) },
    { name: 'quizzes passed', values: report.funnel.map((m) => m.quizzesPassed ?? 0) },
  ]);
  const rows = report.funnel.map((m) => [
    `${m.number}. ${m.title}`,
    String(m.opened),
    m.exercisesSolved === null ? '-' : String(m.exercisesSolved),
    m.quizzesPassed === null ? '-' : String(m.quizzesPassed),
  ]);
  return `<h2>Completion funnel per module</h2><p>Learners who opened the lesson, solved every exercise, passed every quiz.</p>${chart}${htmlTable(['Module', 'Lesson opened', 'Exercises solved', 'Quizzes passed'], rows)}`;
}

function quizSection(report: Report, hardest: readonly QuestionFigures[]): string {
  const tried = report.quizzes.filter((q) => q.learners > 0);
  const chart = shareChart(
    'Learners who passed each quiz',
    tried.map((q) => ({ label: q.title, part: q.learnersPassed, whole: q.learners })),
  );
  const rows = report.quizzes.map((q) => [
    q.title,
    String(q.attempts),
    percent(q.passedAttempts, q.attempts),
    `${q.learnersPassed} of ${q.learners}`,
  ]);
  const questions = hardest.map((f) => [
    `${f.quizSlug} #${f.number}`,
    f.questionText.split('\n')[0] ?? '',
    String(f.answered),
    percent(f.right, f.answered),
    f.topWrong ? `${f.topWrong.answer} (${f.topWrong.count})` : '-',
  ]);
  return `<h2>Quiz pass rates</h2>${tried.length === 0 ? '<p>No quiz taken yet.</p>' : chart}${htmlTable(['Quiz', 'Attempts', 'Attempts passed', 'Learners passed'], rows)}<h2>Hardest questions</h2>${htmlTable(['Question', 'Text', 'Answered', 'Right', 'Most chosen wrong answer'], questions)}`;
}

/** The whole page. */
export function reportHtml(report: Report, hardest: readonly QuestionFigures[]): string {
  const l = report.learners;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Indent report ${escapeHtml(day(report.generatedAt))}</title><style>${STYLE}</style></head>
<body><h1>Indent: sales and learning report</h1><p>Made ${escapeHtml(minute(report.generatedAt))} UTC.</p>
<h2>Learners</h2><ul><li>${l.accounts} accounts</li><li>${l.withAccess} with access now (${l.complimentary} complimentary)</li><li>${l.activeLast30Days} active in the last 30 days</li></ul>
${salesSection(report)}${promotionsSection(report)}${funnelSection(report)}${quizSection(report, hardest)}
</body></html>
`;
}
