import matter from 'gray-matter';
import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { BlogContentError, loadBlogPosts, renderBlogModule, type BlogLoaderDeps } from './load-posts';

const markdown = new Marked();
const existing = new Set(['obraz.svg', 'avatar.svg']);
const deps: BlogLoaderDeps = {
  parseFrontMatter: (source) => matter(source),
  renderMarkdown: (text) => markdown.parse(text, { async: false }),
  resolveAsset: (_fileName, ref) => {
    const name = ref.replace(/^\.\//, '');
    if (!existing.has(name)) throw new Error('missing');
    return `/content/${name}`;
  },
};

function frontMatter(overrides: Record<string, string> = {}) {
  const fields: Record<string, string> = {
    id: 'pierwszy-wpis',
    slug: 'pierwszy-wpis',
    title: 'Pierwszy wpis',
    excerpt: 'Krótko o wpisie.',
    date: '2026-03-10',
    published: 'true',
    featured: 'false',
    category: 'Przewodniki',
    type: 'tutorial',
    tags: '[karta, portfel]',
    image: './obraz.svg',
    imageAlt: 'Opis obrazu',
    author: '\n  name: Zespół Punkto\n  avatar: ./avatar.svg\n  bio: Piszemy o lojalności.\n  role: Redakcja',
    readTime: '7',
    seo: '\n  metaDescription: Opis wpisu.\n  keywords: [karta]\n  ogTitle: Tytuł OG\n  ogDescription: Opis OG\n  ogImage: ./obraz.svg',
    relatedPosts: '[]',
    ...overrides,
  };
  const yaml = Object.entries(fields)
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `${key}: ${value}`)
    .join('\n');
  return `---\n${yaml}\n---\n\n## Nagłówek\n\nTreść **wpisu**.\n`;
}

function loadError(files: { fileName: string; source: string }[]): BlogContentError {
  try {
    loadBlogPosts(files, deps);
  } catch (error) {
    if (error instanceof BlogContentError) return error;
    throw error;
  }
  throw new Error('expected the posts to be rejected');
}

describe('loading blog posts at build time', () => {
  it('parses front matter, renders Markdown to HTML and resolves assets', () => {
    const [post] = loadBlogPosts([{ fileName: 'pierwszy-wpis.md', source: frontMatter() }], deps);
    expect(post).toMatchObject({
      id: 'pierwszy-wpis',
      date: '2026-03-10',
      category: 'Przewodniki',
      type: 'tutorial',
      tags: ['karta', 'portfel'],
      readTime: 7,
      image: '/content/obraz.svg',
      author: { name: 'Zespół Punkto', avatar: '/content/avatar.svg', role: 'Redakcja' },
      seo: { ogImage: '/content/obraz.svg', keywords: ['karta'] },
    });
    expect(post?.html).toContain('<h2>Nagłówek</h2>');
    expect(post?.html).toContain('<strong>wpisu</strong>');
  });

  it('puts every table in a focusable box of its own that scrolls sideways', () => {
    const table = '\n\n| Plan | Cena |\n|---|---|\n| Podstawowy | 30 zł |\n\nPo tabeli.\n';
    const [post] = loadBlogPosts(
      [{ fileName: 'pierwszy-wpis.md', source: `${frontMatter()}${table}${table}` }],
      deps,
    );
    const boxes = post?.html.match(/<div class="post-table" role="region" [^>]*tabindex="0"[^>]*><table>/g);
    expect(boxes).toHaveLength(2);
    expect(post?.html).toContain('overflow-x:auto');
    expect(post?.html.match(/<\/table><\/div>/g)).toHaveLength(2);
    expect(post?.html).toContain('<td>Podstawowy</td>');
  });

  it('rejects a post missing a field, with an unknown category or a bad date, naming file and field', () => {
    const error = loadError([
      { fileName: 'a.md', source: frontMatter({ id: 'a', slug: 'a', imageAlt: '' }) },
      { fileName: 'b.md', source: frontMatter({ id: 'b', slug: 'b', category: 'Plotki' }) },
      { fileName: 'c.md', source: frontMatter({ id: 'c', slug: 'c', date: '"10.03.2026"' }) },
    ]);
    expect(error.code).toBe('BLOG.INVALID_CONTENT');
    expect(error.problems).toEqual([
      expect.stringMatching(/^a\.md: imageAlt/),
      expect.stringMatching(/^b\.md: category/),
      expect.stringMatching(/^c\.md: date/),
    ]);
    expect(error.message).toContain('Nieprawidłowe wpisy bloga');
  });

  it('rejects a slug that differs from the file name, a missing image and an unknown related post', () => {
    const error = loadError([
      {
        fileName: 'inna-nazwa.md',
        source: frontMatter({ image: './brak.svg', relatedPosts: '[nie-istnieje]' }),
      },
    ]);
    expect(error.problems).toEqual([
      expect.stringContaining('musi być równy nazwie pliku'),
      expect.stringContaining('image — brak pliku „./brak.svg”'),
      expect.stringContaining('nie ma wpisu o id „nie-istnieje”'),
    ]);
  });

  it('rejects duplicate ids and unexpected fields', () => {
    const error = loadError([
      { fileName: 'pierwszy-wpis.md', source: frontMatter() },
      { fileName: 'drugi.md', source: frontMatter({ slug: 'drugi' }) },
      { fileName: 'trzeci.md', source: frontMatter({ id: 'trzeci', slug: 'trzeci', views: '10' }) },
    ]);
    expect(error.problems).toEqual([
      expect.stringMatching(/^trzeci\.md: .*views/),
      'id „pierwszy-wpis” występuje 2 razy',
    ]);
  });

  it('emits a module that imports every asset once, as a file', () => {
    const posts = loadBlogPosts([{ fileName: 'pierwszy-wpis.md', source: frontMatter() }], deps);
    const code = renderBlogModule(posts);
    expect(code.match(/^import /gm)).toHaveLength(2);
    expect(code).toContain('import asset0 from "/content/obraz.svg?no-inline";');
    expect(code).toContain('image: asset0');
    expect(code).toContain('avatar: asset1');
    expect(code).toContain('ogImage: asset0');
  });
});

describe('the blog content in web/content/blog', () => {
  const sources = import.meta.glob<string>('../../../../content/blog/*.md', {
    query: '?raw',
    import: 'default',
    eager: true,
  });
  const images = Object.keys(import.meta.glob('../../../../content/blog/images/*.svg'));
  const files = Object.entries(sources).map(([path, source]) => ({
    fileName: path.replace(/^.*\//, ''),
    source,
  }));
  const posts = loadBlogPosts(files, {
    ...deps,
    resolveAsset: (_fileName, ref) => {
      const path = `../../../../content/blog/${ref.replace(/^\.\//, '')}`;
      if (!images.includes(path)) throw new Error('missing');
      return path;
    },
  });
  const bySlug = (slug: string) => posts.find((post) => post.slug === slug);

  it('holds the business guide (15 min) and the customer guide (12 min) related to it', () => {
    expect(bySlug('jak-punkto-pomaga-malym-firmom')).toMatchObject({ readTime: 15, published: true });
    expect(bySlug('twoja-karta-lojalnosciowa-zawsze-przy-tobie')).toMatchObject({
      readTime: 12,
      published: true,
      relatedPosts: ['jak-punkto-pomaga-malym-firmom'],
    });
  });
});
