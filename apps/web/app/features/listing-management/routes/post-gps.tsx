import { useEffect, useRef, useState } from 'react';
import type { Map as LeafletMap } from 'leaflet';
import { Form, Link, data, redirect, useActionData } from 'react-router';
import { POST_STEP_CODES } from '@kunci/contracts/listing-management';
import { parsePath } from '@kunci/i18n/paths';
import { Button } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { signedInForm } from '../../../lib/form-action.server.ts';
import { noindexMeta } from '../../../lib/seo.ts';
import { requireUser } from '../../../lib/session.server.ts';
import { addTiles, loadLeaflet } from '../../../components/listing/leaflet.ts';
import { MapNotice, addZoomButtons, watchTiles } from '../../../components/listing/map-controls.tsx';
import { Wizard, nextStepHref, previousStepHref } from '../components/wizard.tsx';
import { lostDraft, refOf, stepListing } from '../draft.server.ts';
import type { Route } from './+types/post-gps';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const user = requireUser(request, context, lang);
  return { listing: await stepListing(context, lang, user, params.ref) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { lang, user, api, form } = await signedInForm(request, context);
  const ref = refOf(params.ref);
  if (ref === null) throw await lostDraft(context, lang, user);
  try {
    const saved = await api.updateListing(ref, {
      latitude: Number(form.get('latitude')),
      longitude: Number(form.get('longitude')),
      draftStep: POST_STEP_CODES.gps,
    });
    return redirect(nextStepHref(lang, saved, 'gps'));
  } catch (error) {
    if (error instanceof ApiError && error.body) return data({ error: error.body.fields?.[0]?.message ?? error.body.message }, { status: 400 });
    throw error;
  }
}

export const meta: Route.MetaFunction = noindexMeta('post.step.gps');

/** A coordinate to 6 decimals (about 10 cm): enough for a home, and never 16 digits on screen. */
const rounded = (value: number) => String(Math.round(value * 1e6) / 1e6);

/** Step 2: the owner drags the pin (or taps the map) onto the home; the coordinates are saved with the draft. */
export default function PostGps({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useI18n();
  const result = useActionData<typeof action>();
  const { listing } = loaderData;
  const [point, setPoint] = useState({ lat: listing.input.latitude, lon: listing.input.longitude });
  const [failed, setFailed] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let map: LeafletMap | undefined;
    let cancelled = false;
    void loadLeaflet()
      .then((L) => {
        if (cancelled || !container.current) return;
        map = L.map(container.current, { zoomControl: false }).setView([listing.input.latitude, listing.input.longitude], 16);
        addZoomButtons(L, map, { zoomIn: t('map.zoomIn'), zoomOut: t('map.zoomOut') });
        addTiles(L, map);
        watchTiles(L, map, (tilesDown) => {
          if (!cancelled) setTilesFailed(tilesDown);
        });
        const marker = L.marker([listing.input.latitude, listing.input.longitude], {
          draggable: true,
          icon: L.divIcon({
            className: '',
            html: '<div style="width:22px;height:22px;border-radius:50%;background:#0f7a5a;border:3px solid #fff;box-shadow:0 1px 4px #0006"></div>',
            iconSize: [22, 22],
          }),
          keyboard: true,
          title: t('post.gps.hint'),
        }).addTo(map);
        const move = (lat: number, lon: number) => setPoint({ lat: Math.round(lat * 1e6) / 1e6, lon: Math.round(lon * 1e6) / 1e6 });
        marker.on('dragend', () => move(marker.getLatLng().lat, marker.getLatLng().lng));
        map.on('click', (event) => {
          marker.setLatLng(event.latlng);
          move(event.latlng.lat, event.latlng.lng);
        });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [listing.input.latitude, listing.input.longitude, t]);

  return (
    <Wizard step="gps" flow={listing}>
      <p className="text-gray-700">{t('post.gps.hint')}</p>
      <div className="relative mt-4 aspect-[4/3] overflow-hidden rounded-xl border border-gray-200 bg-gray-100">
        {failed ? <p className="p-4 text-sm text-gray-600">{t('post.gps.mapUnavailable')}</p> : <div ref={container} className="h-full w-full" />}
        {tilesFailed && !failed ? <MapNotice>{t('map.tilesFailed')}</MapNotice> : null}
      </div>
      <p className="mt-2 text-sm text-gray-600" aria-live="polite">
        {t('post.gps.coordinates', { lat: rounded(point.lat), lon: rounded(point.lon) })}
      </p>
      {result?.error ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {result.error}
        </p>
      ) : null}
      <Form method="post" className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
        <input type="hidden" name="latitude" value={point.lat} />
        <input type="hidden" name="longitude" value={point.lon} />
        <Button type="submit">{t('post.saveNext')}</Button>
        <Link to={previousStepHref(lang, listing, 'gps')} className="self-center text-sm text-brand-700 hover:underline">
          {t('post.back')}
        </Link>
      </Form>
    </Wizard>
  );
}
