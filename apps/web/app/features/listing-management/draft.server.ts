import { redirect, type RouterContextProvider } from 'react-router';
import type { OwnerListing, OwnerListingFull } from '@kunci/contracts/listing-management';
import type { Language } from '@kunci/i18n/locales';
import { href } from '@kunci/i18n/paths';
import { ApiError, serverApi } from '../../lib/api.ts';
import type { User } from '@kunci/contracts/users';
import { resumeHref } from './components/wizard.tsx';

/** A listing id as the wizard's URLs carry it (`?ref=` or `/:ref`), or null when it cannot be one. */
export function refOf(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The user's latest draft, if they have one. */
export async function latestDraft(context: Readonly<RouterContextProvider>, lang: Language, user: User): Promise<OwnerListing | undefined> {
  const drafts = await serverApi(context, lang).myListings(user.id, { status: 'DRAFT', pageSize: 1, sort: '-dateCreated' });
  return drafts.content[0];
}

/**
 * Where a wizard step goes when it does not know which listing it is for (opened from a bookmark or a typed
 * URL without `ref`, or with a listing that is not the user's): the user's latest draft where it stopped,
 * else the start of a new listing.
 */
export async function lostDraft(context: Readonly<RouterContextProvider>, lang: Language, user: User): Promise<Response> {
  const draft = await latestDraft(context, lang, user);
  return redirect(draft ? resumeHref(lang, draft) : href(lang, 'post'));
}

/** The listing a wizard step edits; a step without one redirects (see `lostDraft`). */
export async function stepListing(
  context: Readonly<RouterContextProvider>,
  lang: Language,
  user: User,
  ref: string | null | undefined,
): Promise<OwnerListingFull> {
  const id = refOf(ref);
  if (id !== null) {
    try {
      return await serverApi(context, lang).manageListing(id);
    } catch (error) {
      if (!(error instanceof ApiError && (error.status === 403 || error.status === 404))) throw error;
    }
  }
  throw await lostDraft(context, lang, user);
}
