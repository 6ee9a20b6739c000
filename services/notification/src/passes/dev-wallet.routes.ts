import { warsawFormat } from '@punkto/contracts/warsaw-format';
import { NotFoundError } from '@punkto/platform/errors/errors';
import { isLoopbackRequest } from '@punkto/platform/http/loopback-only';
import { escapeHtml } from '@punkto/platform/mail/mailbox-page';
import type { ApnsRecords } from './providers/apns/apns.port';
import type { GoogleWalletRecords } from './providers/google/google-wallet.port';
import type { FastifyInstance } from 'fastify';

export const DEV_WALLET_PATH = '/dev/wallet';

const formatWhen = warsawFormat({ dateStyle: 'short', timeStyle: 'medium' });
const when = (iso: string) => escapeHtml(formatWhen(iso));

/**
 * The dev wallet page (embedded adapters only): what would have reached Apple and Google — the APNs pushes
 * (one per phone per change; the phone then fetches the new pass) and the messages on Google passes. Like the
 * dev mailbox it is a development convenience: loopback-only unless DEV_MAILBOX=on.
 */
export function registerDevWallet(
  app: FastifyInstance,
  records: { apns: ApnsRecords | null; google: GoogleWalletRecords | null },
  { loopbackOnly }: { loopbackOnly: boolean },
): void {
  if (!records.apns && !records.google) return;
  app.get(DEV_WALLET_PATH, async (request, reply) => {
    if (loopbackOnly && !isLoopbackRequest(request))
      throw new NotFoundError(`Nie znaleziono zasobu: GET ${DEV_WALLET_PATH}`);
    const pushes = records.apns ? await records.apns.listPushes({ limit: 200 }) : null;
    const messages = records.google ? (await records.google.listMessages()).slice(0, 200) : null;
    const objects = records.google ? await records.google.listObjects() : null;
    const pushRows = (pushes ?? [])
      .map(
        (p) =>
          `<tr><td>${when(p.at)}</td><td><code>${escapeHtml(p.pushToken.slice(0, 12))}…</code></td><td>${escapeHtml(p.topic)}</td></tr>`,
      )
      .join('');
    const messageRows = (messages ?? [])
      .map(
        (m) =>
          `<tr><td>${when(m.at)}</td><td><code>${escapeHtml(m.objectId)}</code></td><td>${escapeHtml(m.message.header)}</td><td>${escapeHtml(m.message.body)}</td><td>${m.notified ? 'powiadomienie' : 'tylko tekst'}</td></tr>`,
      )
      .join('');
    const section = (title: string, present: boolean, empty: string, head: string, rows: string) =>
      !present
        ? ''
        : `<h2>${title}</h2>${rows ? `<table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>` : `<p>${empty}</p>`}`;
    const html = `<!doctype html>
<html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Portfele (deweloperskie)</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:1.5rem;color:#1a1a1a}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.35rem .5rem;text-align:left;vertical-align:top}code{font-size:13px}</style>
</head><body><h1>Portfele (deweloperskie)</h1>
<p>Co trafiłoby do Apple i Google, gdyby skonfigurowano ich certyfikaty i klucze (README, „Apple Wallet”, „Google Wallet”).</p>
${section('Powiadomienia APNs (Apple Wallet)', pushes !== null, 'Jeszcze żadnych powiadomień.', '<th>Kiedy</th><th>Urządzenie</th><th>Temat</th>', pushRows)}
${objects !== null ? `<h2>Google Wallet</h2><p>Karty zapisane po stronie Google: ${objects.length}</p>` : ''}
${section('Wiadomości na kartach Google', messages !== null, 'Jeszcze żadnych wiadomości.', '<th>Kiedy</th><th>Karta</th><th>Nagłówek</th><th>Treść</th><th>Rodzaj</th>', messageRows)}
</body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
}
