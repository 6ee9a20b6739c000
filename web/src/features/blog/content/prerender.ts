import { formatPostDate, formatReadTime } from '../utils/format-post';
import { publishedPosts } from '../utils/blog-posts';
import type { BlogPost } from './blog-post.schema';

/**
 * Build-time pre-rendering of the blog (issue 7): `/blog` and every post as static HTML with its SEO and
 * Open Graph tags, so crawlers and link previews see the content without running the SPA. The SPA's
 * `index.html` is the template; React replaces the pre-rendered markup when it starts.
 */
export type StaticPage = {
  /** path of the page, `/blog/<slug>` */
  path: string;
  title: string;
  description: string;
  keywords?: readonly string[];
  ogTitle: string;
  ogDescription: string;
  ogType: 'website' | 'article';
  /** URL of the Open Graph image as served (`/assets/…`) */
  ogImage?: string;
  bodyHtml: string;
};

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `origin` (e.g. `https://example.pl`) makes og:url and og:image absolute, as link previews want. */
export function renderStaticPage(template: string, page: StaticPage, origin = ''): string {
  const required = ['<title>Punkto</title>', '<div id="root"></div>', '</head>'];
  const missing = required.filter((marker) => !template.includes(marker));
  if (missing.length > 0) throw new Error(`index.html: brak znaczników ${missing.join(', ')}`);
  const url = (path: string) => `${origin}${path}`;
  const meta = [
    page.keywords?.length ? `<meta name="keywords" content="${escape(page.keywords.join(', '))}" />` : '',
    `<meta property="og:title" content="${escape(page.ogTitle)}" />`,
    `<meta property="og:description" content="${escape(page.ogDescription)}" />`,
    `<meta property="og:type" content="${page.ogType}" />`,
    `<meta property="og:url" content="${escape(url(page.path))}" />`,
    `<meta property="og:locale" content="pl_PL" />`,
    page.ogImage ? `<meta property="og:image" content="${escape(url(page.ogImage))}" />` : '',
  ].filter(Boolean);
  return template
    .replace('<title>Punkto</title>', `<title>${escape(page.title)} · Punkto</title>`)
    .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/>/, () => {
      return `<meta name="description" content="${escape(page.description)}" />`;
    })
    .replace('</head>', () => `    ${meta.join('\n    ')}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.bodyHtml}</div>`);
}

const postLink = (post: BlogPost) => `<a href="/blog/${post.slug}">${escape(post.title)}</a>`;

const metaLine = (post: BlogPost) =>
  `<p><time datetime="${post.date}">${formatPostDate(post.date)}</time> · ${formatReadTime(post.readTime)}</p>`;

/** The static pages of the blog; `assetUrl` maps a post's image to its built URL. */
export function blogStaticPages(
  posts: readonly BlogPost[],
  assetUrl: (source: string) => string | undefined,
) {
  const visible = publishedPosts(posts);
  const index: StaticPage = {
    path: '/blog',
    title: 'Blog',
    description: 'Porady i nowości o programach lojalnościowych dla małych firm i ich klientów.',
    ogTitle: 'Blog Punkto',
    ogDescription: 'Porady i nowości o programach lojalnościowych dla małych firm i ich klientów.',
    ogType: 'website',
    bodyHtml:
      `<main><h1>Blog</h1><ul>` +
      visible
        .map((post) => `<li><h2>${postLink(post)}</h2>${metaLine(post)}<p>${escape(post.excerpt)}</p></li>`)
        .join('') +
      `</ul></main>`,
  };
  const articles = visible.map((post): StaticPage => ({
    path: `/blog/${post.slug}`,
    title: post.title,
    description: post.seo.metaDescription,
    keywords: post.seo.keywords,
    ogTitle: post.seo.ogTitle,
    ogDescription: post.seo.ogDescription,
    ogType: 'article',
    ogImage: assetUrl(post.seo.ogImage),
    bodyHtml:
      `<main><article><h1>${escape(post.title)}</h1><p>${escape(post.excerpt)}</p>${metaLine(post)}` +
      `${post.html}<p>${escape(post.author.name)} — ${escape(post.author.role)}</p></article></main>`,
  }));
  return [index, ...articles];
}
