import { data, redirect, type RouterContextProvider } from 'react-router';
import type { ContentKind, ContentPage } from '@kunci/contracts/content';
import { parsePath } from '@kunci/i18n/paths';
import { ApiError, serverApi } from '../../lib/api.ts';
import { contentAlternates, contentPath } from './content-links.ts';

export interface LoadedContent {
  page: ContentPage;
  /** An editor looking at the draft (never indexed, never cached). */
  preview: boolean;
  canonicalPath: string;
  alternates: ReturnType<typeof contentAlternates>;
}

/**
 * A published entry for a page (by its key, or its kind and slug in any language), in the page's language. A slug of
 * another language moves (301) to this language's own; `?preview` shows an editor the draft; anything unknown is a 404.
 */
export async function loadContent(
  request: Request,
  context: Readonly<RouterContextProvider>,
  by: { key: string } | { kind: ContentKind; slug: string },
): Promise<LoadedContent> {
  const url = new URL(request.url);
  const { lang } = parsePath(url.pathname.replace(/\.data$/, ''));
  const preview = url.searchParams.has('preview');
  const api = serverApi(context, lang);
  let page: ContentPage;
  try {
    const options = { language: lang, ...(preview ? { preview: true } : {}) };
    page = 'key' in by ? await api.contentByKey(by.key, options) : await api.contentBySlug(by.kind, by.slug, options);
  } catch (error) {
    if (error instanceof ApiError && preview && (error.status === 401 || error.status === 403)) {
      url.searchParams.delete('preview');
      throw redirect(url.pathname + url.search);
    }
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) throw data(null, { status: 404 });
    throw error;
  }
  const canonicalPath = contentPath(lang, page);
  if (!canonicalPath) throw data(null, { status: 404 });
  const requested = url.pathname.replace(/\.data$/, '');
  if (decodeURIComponent(requested) !== canonicalPath && !url.pathname.endsWith('.data')) {
    throw redirect(canonicalPath + (preview ? '?preview' : ''), 301);
  }
  return { page, preview, canonicalPath, alternates: contentAlternates(page) };
}
