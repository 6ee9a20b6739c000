import { useEffect } from 'react';

export type PageMeta = {
  title: string;
  description: string;
  keywords?: readonly string[];
  ogTitle?: string;
  ogDescription?: string;
  ogImage?: string;
  ogType?: 'website' | 'article';
};

type MetaKey = { attribute: 'name' | 'property'; key: string };

function upsertMeta({ attribute, key }: MetaKey, content: string): () => void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  const previous = element?.content;
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
  const created = previous === undefined;
  return () => {
    if (created) element.remove();
    else element.content = previous;
  };
}

/** Document title, meta description and Open Graph tags of a blog page; restored on leaving it. */
export function usePageMeta(meta: PageMeta) {
  const { title, description, ogTitle, ogDescription, ogImage, ogType = 'website' } = meta;
  const keywords = meta.keywords?.join(', ');
  useEffect(() => {
    const previousTitle = document.title;
    document.title = `${title} · Punkto`;
    const absolute = (url: string) => new URL(url, window.location.origin).href;
    const restore = [
      upsertMeta({ attribute: 'name', key: 'description' }, description),
      keywords ? upsertMeta({ attribute: 'name', key: 'keywords' }, keywords) : () => {},
      upsertMeta({ attribute: 'property', key: 'og:title' }, ogTitle ?? title),
      upsertMeta({ attribute: 'property', key: 'og:description' }, ogDescription ?? description),
      upsertMeta({ attribute: 'property', key: 'og:type' }, ogType),
      upsertMeta({ attribute: 'property', key: 'og:url' }, window.location.href),
      upsertMeta({ attribute: 'property', key: 'og:locale' }, 'pl_PL'),
      ogImage ? upsertMeta({ attribute: 'property', key: 'og:image' }, absolute(ogImage)) : () => {},
    ];
    return () => {
      document.title = previousTitle;
      for (const undo of restore.reverse()) undo();
    };
  }, [title, description, keywords, ogTitle, ogDescription, ogImage, ogType]);
}
