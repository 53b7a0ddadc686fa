import { Form, Link, data, redirect, useActionData, useLocation, useNavigation } from 'react-router';
import { POST_STEP_CODES } from '@kunci/contracts/listing-management';
import { FACILITIES, NEARBY_PLACES, type Facility, type NearbyPlace } from '@kunci/contracts/listings';
import { parsePath } from '@kunci/i18n/paths';
import { Button, FormError } from '../../../components/ui/field.tsx';
import { ApiError, serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { requireUser } from '../../../lib/session.server.ts';
import { Wizard, nextStepHref, previousStepHref } from '../components/wizard.tsx';
import { lostDraft, refOf, stepListing } from '../draft.server.ts';
import type { Route } from './+types/post-surroundings';

// Actions may see the data URL (`/nearby.data`): match the segment, not the end.
const isNearbyStep = (pathname: string) => /\/nearby(\.data)?$/.test(pathname);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang } = parsePath(url.pathname);
  const user = requireUser(request, context, lang);
  return { listing: await stepListing(context, lang, user, url.searchParams.get('ref')) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const { lang } = parsePath(url.pathname);
  const user = requireUser(request, context, lang);
  const ref = refOf(url.searchParams.get('ref'));
  if (ref === null) throw await lostDraft(context, lang, user);
  const chosen = (await request.formData()).getAll('choice').map(String);
  const nearby = isNearbyStep(url.pathname);
  try {
    const saved = await serverApi(context, lang).updateListing(
      ref,
      nearby
        ? { nearby: chosen as NearbyPlace[], draftStep: POST_STEP_CODES.nearby }
        : { facilities: chosen as Facility[], draftStep: POST_STEP_CODES.facilities },
    );
    return redirect(nextStepHref(lang, saved, nearby ? 'nearby' : 'facilities'));
  } catch (error) {
    if (error instanceof ApiError && error.body) return data({ error: error.body.message }, { status: 400 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const { t } = metaI18n(matches);
  return [
    { title: `${t(isNearbyStep(location.pathname) ? 'post.step.nearby' : 'post.step.facilities')} | ${t('app.name')}` },
    { name: 'robots', content: 'noindex' },
  ];
};

/**
 * For a whole home outside a verified building (whose directory entry says this): what the building or estate
 * offers, then what is within a short walk. Both are checklists; none ticked is a fine answer.
 */
export default function PostSurroundings({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useI18n();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { listing } = loaderData;
  const nearby = isNearbyStep(useLocation().pathname);
  const step = nearby ? 'nearby' : 'facilities';
  const options: readonly string[] = nearby ? NEARBY_PLACES : FACILITIES;
  const chosen: readonly string[] = nearby ? listing.input.nearby : listing.input.facilities;

  return (
    <Wizard step={step} flow={listing}>
      <Form method="post" className="space-y-5" key={step}>
        <FormError message={result?.error} />
        <fieldset>
          <legend className="text-gray-700">{t(nearby ? 'post.nearby.hint' : 'post.facilities.hint')}</legend>
          <div className="mt-4 grid gap-3 sm:grid-cols-2">
            {options.map((option) => (
              <label
                key={option}
                className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-gray-200 px-4 py-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input type="checkbox" name="choice" value={option} defaultChecked={chosen.includes(option)} className="size-5 accent-brand-700" />
                {t(nearby ? (`nearby.${option as NearbyPlace}` as const) : (`facility.${option as Facility}` as const))}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-3 sm:flex-row-reverse">
          <Button type="submit" disabled={navigation.state !== 'idle'}>
            {t('post.saveNext')}
          </Button>
          <Link to={previousStepHref(lang, listing, step)} className="self-center text-sm text-brand-700 hover:underline">
            {t('post.back')}
          </Link>
        </div>
      </Form>
    </Wizard>
  );
}
