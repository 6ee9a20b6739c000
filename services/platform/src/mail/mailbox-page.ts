import { warsawFormat } from '@punkto/contracts/warsaw-format';
import type { MailboxEntry } from './mailer.port';
import type { ParsedMail } from './mime-parse';

/**
 * The dev mailbox page ("Skrzynka deweloperska") of the embedded `.eml` mailer. Pure string rendering:
 * every dynamic value is HTML-escaped, and the message's HTML part is shown in an iframe with an empty
 * `sandbox` (no scripts, no forms, no same-origin) through `srcdoc`, so a message cannot touch the page.
 */

export interface MailboxPageOptions {
  /** where the list lives; a message is at `${basePath}/${id}` and its raw form at `${basePath}/${id}.eml` */
  basePath?: string;
}

const formatWhen = warsawFormat({ dateStyle: 'short', timeStyle: 'medium' });

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatWhen(date);
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="pl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem;color:#1f2933}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #e4e7eb}
.tag{font-size:.8rem;background:#e0f2fe;border-radius:4px;padding:.1rem .4rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem}dt{font-weight:600}
iframe{width:100%;height:32rem;border:1px solid #cbd2d9}pre{white-space:pre-wrap;background:#f5f7fa;padding:1rem}
</style>
</head>
<body>
${body}
</body>
</html>
`;
}

export function renderMailboxList(entries: MailboxEntry[], options: MailboxPageOptions = {}): string {
  const base = options.basePath ?? '/dev/mailbox';
  const rows = entries
    .map(
      (entry) => `<tr>
<td>${escapeHtml(formatDate(entry.date))}</td>
<td>${escapeHtml(entry.to)}</td>
<td><a href="${escapeHtml(`${base}/${encodeURIComponent(entry.id)}`)}">${escapeHtml(entry.subject || '(bez tematu)')}</a></td>
<td>${entry.tag ? `<span class="tag">${escapeHtml(entry.tag)}</span>` : ''}</td>
<td>${escapeHtml(entry.from)}</td>
</tr>`,
    )
    .join('\n');
  const table =
    entries.length === 0
      ? '<p>Brak wiadomości.</p>'
      : `<table>
<thead><tr><th>Data</th><th>Do</th><th>Temat</th><th>Etykieta</th><th>Od</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  return layout(
    'Skrzynka deweloperska',
    `<h1>Skrzynka deweloperska</h1>
<p>Wiadomości e-mail zapisane przez aplikację zamiast wysyłki (${entries.length}).</p>
${table}`,
  );
}

export function renderMailboxMessage(
  entry: MailboxEntry,
  parsed: ParsedMail,
  options: MailboxPageOptions = {},
): string {
  const base = options.basePath ?? '/dev/mailbox';
  const html =
    parsed.html === null
      ? '<p>Brak wersji HTML.</p>'
      : `<iframe sandbox="" referrerpolicy="no-referrer" title="Treść HTML wiadomości" srcdoc="${escapeHtml(parsed.html)}"></iframe>`;
  const text =
    parsed.text === null ? '<p>Brak wersji tekstowej.</p>' : `<pre>${escapeHtml(parsed.text)}</pre>`;
  return layout(
    `${entry.subject || '(bez tematu)'} — Skrzynka deweloperska`,
    `<p><a href="${escapeHtml(base)}">← Skrzynka deweloperska</a></p>
<h1>${escapeHtml(entry.subject || '(bez tematu)')}</h1>
<dl>
<dt>Od</dt><dd>${escapeHtml(entry.from)}</dd>
<dt>Do</dt><dd>${escapeHtml(entry.to)}</dd>
<dt>Data</dt><dd>${escapeHtml(formatDate(entry.date))}</dd>
${entry.tag ? `<dt>Etykieta</dt><dd><span class="tag">${escapeHtml(entry.tag)}</span></dd>` : ''}
</dl>
<p><a href="${escapeHtml(`${base}/${encodeURIComponent(entry.id)}.eml`)}" download>Pobierz plik .eml</a></p>
<h2>Wersja HTML</h2>
${html}
<h2>Wersja tekstowa</h2>
${text}`,
  );
}
