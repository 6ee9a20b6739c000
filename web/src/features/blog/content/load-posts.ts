import { BlogPostFrontMatter, type BlogPost } from './blog-post.schema';

/**
 * Build-time half of the blog: Markdown files with front matter → validated posts with HTML. Runs inside
 * Vite (web/vite.config.ts), never in the browser; the parsers are passed in so the client bundle does not
 * depend on them and tests can use the real ones without touching the file system.
 */
export type BlogSourceFile = { fileName: string; source: string };

export type BlogLoaderDeps = {
  parseFrontMatter: (source: string) => { data: unknown; content: string };
  renderMarkdown: (markdown: string) => string;
  /** Resolves a path written in a post to an absolute file path; throws when the file does not exist. */
  resolveAsset: (fileName: string, ref: string) => string;
};

export class BlogContentError extends Error {
  readonly code = 'BLOG.INVALID_CONTENT';
  constructor(readonly problems: string[]) {
    super(`Nieprawidłowe wpisy bloga (web/content/blog):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'BlogContentError';
  }
}

/**
 * Every table of a post in a box of its own that scrolls sideways (issue 33: a price table was 446 px wide on a
 * 390 px phone and widened the page). The box can be focused and is named, so it scrolls from the keyboard
 * too (axe: scrollable-region-focusable).
 */
export function scrollableTables(html: string): string {
  return html
    .replace(
      /<table(?=[\s>])/g,
      '<div class="post-table" role="region" aria-label="Tabela (przewiń w bok, jeśli się nie mieści)" tabindex="0" style="overflow-x:auto;max-width:100%"><table',
    )
    .replace(/<\/table>/g, '</table></div>');
}

export function loadBlogPosts(files: readonly BlogSourceFile[], deps: BlogLoaderDeps): BlogPost[] {
  const problems: string[] = [];
  const posts: BlogPost[] = [];

  for (const { fileName, source } of files) {
    let parsed: { data: unknown; content: string };
    try {
      parsed = deps.parseFrontMatter(source);
    } catch (error) {
      problems.push(`${fileName}: nie można odczytać front matter (${(error as Error).message})`);
      continue;
    }
    const result = BlogPostFrontMatter.safeParse(parsed.data);
    if (!result.success) {
      for (const issue of result.error.issues) {
        problems.push(`${fileName}: ${issue.path.join('.') || '(front matter)'} — ${issue.message}`);
      }
      continue;
    }
    const post = result.data;
    const expectedSlug = fileName.replace(/^.*\//, '').replace(/\.md$/, '');
    if (post.slug !== expectedSlug) {
      problems.push(`${fileName}: slug „${post.slug}” musi być równy nazwie pliku („${expectedSlug}”)`);
    }
    if (parsed.content.trim() === '') problems.push(`${fileName}: wpis nie ma treści`);
    const asset = (ref: string, field: string) => {
      try {
        return deps.resolveAsset(fileName, ref);
      } catch {
        problems.push(`${fileName}: ${field} — brak pliku „${ref}”`);
        return ref;
      }
    };
    posts.push({
      ...post,
      image: asset(post.image, 'image'),
      author: { ...post.author, avatar: asset(post.author.avatar, 'author.avatar') },
      seo: { ...post.seo, ogImage: asset(post.seo.ogImage, 'seo.ogImage') },
      html: scrollableTables(deps.renderMarkdown(parsed.content)),
    });
  }

  const ids = new Map<string, number>();
  const slugs = new Map<string, number>();
  for (const post of posts) {
    ids.set(post.id, (ids.get(post.id) ?? 0) + 1);
    slugs.set(post.slug, (slugs.get(post.slug) ?? 0) + 1);
  }
  for (const [id, count] of ids) if (count > 1) problems.push(`id „${id}” występuje ${count} razy`);
  for (const [slug, count] of slugs) if (count > 1) problems.push(`slug „${slug}” występuje ${count} razy`);
  for (const post of posts) {
    for (const related of post.relatedPosts) {
      if (related === post.id) problems.push(`${post.slug}: relatedPosts wskazuje na sam wpis`);
      else if (!ids.has(related))
        problems.push(`${post.slug}: relatedPosts — nie ma wpisu o id „${related}”`);
    }
  }

  if (problems.length > 0) throw new BlogContentError(problems);
  return posts;
}

/**
 * The virtual module's source: asset fields become imports so Vite bundles (and hashes) the images.
 */
export function renderBlogModule(posts: readonly BlogPost[]): string {
  const imports: string[] = [];
  const assetId = new Map<string, string>();
  const ref = (path: string) => {
    let id = assetId.get(path);
    if (!id) {
      id = `asset${assetId.size}`;
      assetId.set(path, id);
      // `?no-inline`: real files, never data: URLs — Open Graph images need an address crawlers can fetch.
      imports.push(`import ${id} from ${JSON.stringify(`${path}?no-inline`)};`);
    }
    return id;
  };
  const entries = posts.map((post) => {
    const { image, author, seo, ...rest } = post;
    const authorRest = { ...author, avatar: undefined };
    const seoRest = { ...seo, ogImage: undefined };
    return (
      `{ ...${JSON.stringify(rest)}, image: ${ref(image)}, ` +
      `author: { ...${JSON.stringify(authorRest)}, avatar: ${ref(author.avatar)} }, ` +
      `seo: { ...${JSON.stringify(seoRest)}, ogImage: ${ref(seo.ogImage)} } }`
    );
  });
  return `${imports.join('\n')}\nexport const posts = [\n${entries.join(',\n')}\n];\n`;
}
