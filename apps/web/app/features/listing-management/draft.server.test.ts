import { describe, expect, it } from 'vitest';
import { refusal, routeContext, testUser, thrown } from '../../lib/route-testing.ts';
import { nextStepHref, previousStepHref, resumeHref } from './components/wizard.tsx';
import { refOf, stepListing } from './draft.server.ts';

const listing = { id: 7, type: 'HIGHRISE', landmarkVerified: false, draftStep: 2 };
const latestDraft = (content: unknown[]) => ({ content, totalElements: content.length, totalPages: 1, pageNumber: 0, pageSize: 1 });

describe('the post wizard’s step guards', () => {
  it('takes as a listing id only what can be one', () => {
    expect(refOf('7')).toBe(7);
    expect(refOf('2147483647')).toBe(2_147_483_647);
    for (const bad of [null, undefined, '', '0', '-1', '7a', '1e3', '2147483648', '12345678901']) expect(refOf(bad)).toBeNull();
  });

  it('gives a step the listing it names', async () => {
    const { context, calls } = routeContext({ user: testUser(), api: { 'GET /properties/7/manage': listing } });
    expect(await stepListing(context, 'en', testUser(), '7')).toEqual(listing);
    expect(calls.map((c) => c.path)).toEqual(['/properties/7/manage']);
  });

  it('sends a step for a listing that is not the user’s, or none, to their latest draft where it stopped', async () => {
    for (const [ref, answer] of [
      ['7', refusal(404, 'Not found')],
      ['7', refusal(403, 'Not yours')],
      [null, undefined],
      ['abc', undefined],
    ] as const) {
      const { context, calls } = routeContext({
        user: testUser(),
        api: { 'GET /properties/7/manage': answer, 'GET /users/u1/properties': latestDraft([{ ...listing, id: 9, draftStep: 2 }]) },
      });
      const response = await thrown(() => stepListing(context, 'ms', testUser(), ref));
      expect(response.status).toBe(302);
      // Saved up to GPS (code 2) on an unverified high-rise: facilities come next.
      expect(response.headers.get('location')).toBe('/my/post-rent/facilities?ref=9');
      expect(calls.at(-1)!.path).toBe('/users/u1/properties?status=DRAFT&pageSize=1&sort=-dateCreated');
    }
  });

  it('starts a new listing when the user has no draft', async () => {
    const { context } = routeContext({ user: testUser(), api: { 'GET /users/u1/properties': latestDraft([]) } });
    expect((await thrown(() => stepListing(context, 'en', testUser(), null))).headers.get('location')).toBe('/post');
  });

  it('lets a server failure through', async () => {
    const { context } = routeContext({ user: testUser(), api: { 'GET /properties/7/manage': refusal(503, 'Unavailable') } });
    await expect(stepListing(context, 'en', testUser(), '7')).rejects.toMatchObject({ status: 503 });
  });

  it('skips the surroundings steps of a verified building, which the directory fills', () => {
    const verified = { id: 7, type: 'HIGHRISE' as const, landmarkVerified: true };
    expect(nextStepHref('en', verified, 'gps')).toBe('/post-rent/choose-additional?ref=7');
    expect(previousStepHref('en', verified, 'additional')).toBe('/post/gps/7');
    const landed = { id: 7, type: 'LANDED' as const, landmarkVerified: true };
    expect(nextStepHref('en', landed, 'gps')).toBe('/post-rent/facilities?ref=7');
    expect(previousStepHref('en', landed, 'additional')).toBe('/post-rent/nearby?ref=7');
    expect(resumeHref('zh', { ...verified, draftStep: 5 })).toBe('/zh/post-rent/upload-video?ref=7');
  });
});
