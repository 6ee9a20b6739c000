import { describe, expect, it } from 'vitest';
import { escapeHtml, renderMailboxList, renderMailboxMessage } from './mailbox-page';
import type { MailboxEntry } from './mailer.port';
import type { ParsedMail } from './mime-parse';

const entry: MailboxEntry = {
  id: '0196f0c2-aaaa-7bbb-8ccc-ddddeeeeffff',
  to: 'anna@example.pl',
  from: 'Punkto <no-reply@punkto.local>',
  subject: 'Witaj <script>alert(1)</script> w Łodzi',
  tag: 'account-activation',
  date: '2026-11-20T10:00:00.000Z',
};

const parsed: ParsedMail = {
  headers: {},
  from: entry.from,
  to: entry.to,
  subject: entry.subject,
  date: '',
  messageId: '<x@y>',
  text: 'Cześć <Anno> & "wszyscy"',
  html: '<p onclick="x()">Cześć "Anno" & \'ty\'</p><script>alert(1)</script>',
};

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('renderMailboxList', () => {
  it('renders a Polish page with one escaped row per entry, linking to the message', () => {
    const html = renderMailboxList([entry], { basePath: '/dev/poczta' });
    expect(html).toContain('<html lang="pl">');
    expect(html).toContain('<h1>Skrzynka deweloperska</h1>');
    expect(html).toContain('Witaj &lt;script&gt;alert(1)&lt;/script&gt; w Łodzi');
    expect(html).not.toContain('<script>');
    expect(html).toContain('href="/dev/poczta/0196f0c2-aaaa-7bbb-8ccc-ddddeeeeffff"');
    expect(html).toContain('Punkto &lt;no-reply@punkto.local&gt;');
    expect(html).toContain('<span class="tag">account-activation</span>');
    expect(html).toContain('20.11.2026'); // pl-PL date in Europe/Warsaw
    expect(html).toContain('11:00:00');
  });

  it('says so when there are no messages', () => {
    expect(renderMailboxList([])).toContain('<p>Brak wiadomości.</p>');
  });
});

describe('renderMailboxMessage', () => {
  it('shows the HTML part only inside a fully sandboxed srcdoc iframe', () => {
    const html = renderMailboxMessage(entry, parsed);
    const iframe = /<iframe ([^>]*)><\/iframe>/.exec(html)?.[1] ?? '';
    expect(iframe).toContain('sandbox=""');
    expect(iframe).toContain(
      'srcdoc="&lt;p onclick=&quot;x()&quot;&gt;Cześć &quot;Anno&quot; &amp; &#39;ty&#39;&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;"',
    );
    expect(html).not.toContain('<script>');
  });

  it('shows the escaped text part, headers, and a download link', () => {
    const html = renderMailboxMessage(entry, parsed);
    expect(html).toContain('<pre>Cześć &lt;Anno&gt; &amp; &quot;wszyscy&quot;</pre>');
    expect(html).toContain('<dt>Do</dt><dd>anna@example.pl</dd>');
    expect(html).toContain('href="/dev/mailbox/0196f0c2-aaaa-7bbb-8ccc-ddddeeeeffff.eml"');
    expect(html).toContain('<h2>Wersja HTML</h2>');
  });

  it('handles messages without HTML or text', () => {
    const html = renderMailboxMessage({ ...entry, subject: '' }, { ...parsed, html: null, text: null });
    expect(html).toContain('Brak wersji HTML.');
    expect(html).toContain('Brak wersji tekstowej.');
    expect(html).toContain('(bez tematu)');
  });
});
