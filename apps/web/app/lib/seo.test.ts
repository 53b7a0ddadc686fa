import { describe, expect, it } from 'vitest';
import { describedMeta, noindexMeta } from './seo.ts';

const matches = (lang: 'en' | 'ms') => [{ id: 'root', loaderData: { lang, publicUrl: 'https://kunci.example' } }];

describe("a page's meta from its message keys", () => {
  it("titles the page with the site's name and describes it in the reader's language", () => {
    const [title, description] = describedMeta('lead.title', 'lead.intro')({ matches: matches('en') });
    expect(title).toEqual({ title: expect.stringMatching(/ \| Kunci$/) });
    expect(description).toEqual({ name: 'description', content: expect.any(String) });
    const [malayTitle] = describedMeta('lead.title', 'lead.intro')({ matches: matches('ms') });
    expect(malayTitle).not.toEqual(title);
  });

  it('keeps search engines away from a page that asks so', () => {
    expect(noindexMeta('lead.title')({ matches: matches('en') })).toContainEqual({ name: 'robots', content: 'noindex' });
  });
});
