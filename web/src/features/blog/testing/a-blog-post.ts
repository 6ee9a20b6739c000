import type { BlogPost } from '../content/blog-post.schema';

/** Test-data builder: a valid published post; override only what a test is about. */
export function aBlogPost(overrides: Partial<BlogPost> & { id: string }): BlogPost {
  return {
    slug: overrides.id,
    title: `Wpis ${overrides.id}`,
    excerpt: 'Zwykły wpis.',
    date: '2026-01-01',
    published: true,
    featured: false,
    category: 'Aktualności',
    type: 'article',
    tags: ['różne'],
    image: '/obraz.svg',
    imageAlt: 'Obraz',
    author: { name: 'Redakcja', avatar: '/avatar.svg', bio: 'Piszemy.', role: 'Redakcja bloga' },
    readTime: 3,
    seo: {
      metaDescription: 'Opis.',
      keywords: ['słowo'],
      ogTitle: 'Tytuł',
      ogDescription: 'Opis.',
      ogImage: '/obraz.svg',
    },
    relatedPosts: [],
    html: '<p>Treść</p>',
    ...overrides,
  };
}
