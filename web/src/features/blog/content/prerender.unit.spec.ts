import { describe, expect, it } from 'vitest';
import { aBlogPost } from '../testing/a-blog-post';
import { blogStaticPages, renderStaticPage } from './prerender';

const template = `<!doctype html>
<html lang="pl">
  <head>
    <meta
      name="description"
      content="Punkto — ogólny opis"
    />
    <title>Punkto</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('pre-rendering the blog at build time', () => {
  const guide = aBlogPost({
    id: 'przewodnik',
    title: 'Karta „zawsze” przy Tobie',
    date: '2026-03-12',
    readTime: 12,
    html: '<h2>Jak dodać kartę</h2>',
    seo: {
      metaDescription: 'Opis <SEO>',
      keywords: ['karta', 'portfel'],
      ogTitle: 'Tytuł OG',
      ogDescription: 'Opis OG',
      ogImage: '/src/obraz.svg',
    },
  });
  const draft = aBlogPost({ id: 'szkic', published: false });
  const pages = blogStaticPages([guide, draft], (source) =>
    source === '/src/obraz.svg' ? '/assets/obraz-abc.svg' : undefined,
  );

  it('makes /blog and one page per published post', () => {
    expect(pages.map((page) => page.path)).toEqual(['/blog', '/blog/przewodnik']);
  });

  it('writes the title, description and Open Graph tags, with absolute URLs when given an origin', () => {
    const html = renderStaticPage(template, pages[1]!, 'https://punkto.example');
    expect(html).toContain('<title>Karta „zawsze” przy Tobie · Punkto</title>');
    expect(html).toContain('<meta name="description" content="Opis &lt;SEO&gt;" />');
    expect(html).not.toContain('ogólny opis');
    expect(html).toContain('<meta name="keywords" content="karta, portfel" />');
    expect(html).toContain('<meta property="og:title" content="Tytuł OG" />');
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta property="og:url" content="https://punkto.example/blog/przewodnik" />');
    expect(html).toContain(
      '<meta property="og:image" content="https://punkto.example/assets/obraz-abc.svg" />',
    );
  });

  it('puts the article, its Polish date and reading time into the root element', () => {
    const html = renderStaticPage(template, pages[1]!);
    expect(html).toMatch(/<div id="root"><main><article><h1>Karta „zawsze” przy Tobie<\/h1>/);
    expect(html).toContain('<h2>Jak dodać kartę</h2>');
    expect(html).toContain('12 marca 2026</time> · 12 min czytania');
  });

  it('lists the posts on /blog', () => {
    const html = renderStaticPage(template, pages[0]!);
    expect(html).toContain('<a href="/blog/przewodnik">Karta „zawsze” przy Tobie</a>');
    expect(html).not.toContain('szkic');
  });

  it('fails clearly when the template lacks its markers', () => {
    expect(() => renderStaticPage('<html></html>', pages[0]!)).toThrow(/index\.html: brak znaczników/);
  });
});
