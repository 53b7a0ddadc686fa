import { useEffect, useState } from 'react';
import { NOTICE_GROUPS, type NoticeChannel, type NoticeGroup, type NoticePreference, type NoticePreferences } from '@kunci/contracts/notifications';
import { parsePath } from '@kunci/i18n/paths';
import { serverApi, useApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { useRootData } from '../../../lib/root-data.ts';
import { requireUser } from '../../../lib/session.server.ts';
import type { Route } from './+types/notification-settings';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  requireUser(request, context, lang);
  return serverApi(context, lang).noticePreferences();
}

export const meta: Route.MetaFunction = noindexMeta('notifications.settings.title');

const CHANNELS: NoticeChannel[] = ['email', 'sms', 'push'];
const CHANNEL_LABEL = { email: 'notifications.settings.email', sms: 'notifications.settings.sms', push: 'notifications.settings.push' } as const;

/** Each kind of notice and how it reaches the person (email, SMS where urgent, push when configured), and push in this browser. */
export default function NotificationSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { user } = useRootData();
  const api = useApi();
  const [preferences, setPreferences] = useState<NoticePreferences>(loaderData);
  const [status, setStatus] = useState<{ kind: 'saved' | 'error'; key: number } | null>(null);
  useEffect(() => setPreferences(loaderData), [loaderData]);
  // Push is a column only when the server has VAPID keys.
  const channels = CHANNELS.filter((channel) => channel !== 'push' || preferences.push.publicKey);
  const landlordOnly = preferences.landlord === false ? preferences.types.filter((row) => row.landlord) : [];

  // The box follows the click at once; the server's answer confirms it, a failure puts it back.
  const change = async (type: string, channel: NoticeChannel, enabled: boolean) => {
    const before = preferences;
    setPreferences({
      ...preferences,
      types: preferences.types.map((row) => (row.type === type ? { ...row, channels: { ...row.channels, [channel]: enabled } } : row)),
    });
    try {
      setPreferences(await api.setNoticePreference({ type, channel, enabled }));
      setStatus({ kind: 'saved', key: Date.now() });
    } catch {
      setPreferences(before);
      setStatus({ kind: 'error', key: Date.now() });
    }
  };

  return (
    // The bottom padding keeps the last row clear of the floating scroll-to-top and chat buttons on phones.
    <div className="mx-auto max-w-3xl px-4 pb-56 pt-6 md:py-10">
      <h1 className="text-2xl font-bold md:text-3xl">{t('notifications.settings.title')}</h1>
      <p className="mt-2 text-gray-700">{t('notifications.settings.intro')}</p>
      {user && !user.email ? <p className="mt-2 text-sm text-amber-800">{t('notifications.settings.noEmail')}</p> : null}
      <p role="status" className={`mt-3 min-h-5 text-sm ${status?.kind === 'error' ? 'text-red-700' : 'text-green-700'}`} key={status?.key}>
        {status ? t(status.kind === 'saved' ? 'notifications.settings.saved' : 'notifications.settings.error') : ''}
      </p>
      {groupRows(preferences.types.filter((row) => !row.landlord || preferences.landlord)).map(([group, rows]) => (
        <PreferenceGroup key={group} group={group} rows={rows} channels={channels} onChange={change} />
      ))}
      {landlordOnly.length ? (
        // Someone who has not listed a home yet sees what landlords get, apart and folded (they could list one).
        <details className="mt-8 rounded-xl border border-gray-200 p-4">
          <summary className="cursor-pointer font-semibold">{t('notifications.settings.landlords')}</summary>
          <p className="mt-1 text-sm text-gray-700">{t('notifications.settings.landlordsHint')}</p>
          {groupRows(landlordOnly).map(([group, rows]) => (
            <PreferenceGroup key={group} group={group} rows={rows} channels={channels} onChange={change} level={3} />
          ))}
        </details>
      ) : null}
      {preferences.push.publicKey ? <PushSwitch publicKey={preferences.push.publicKey} /> : null}
    </div>
  );
}

/** Rows under their headings, in the page's order (a row without a heading goes with the account). */
function groupRows(rows: NoticePreference[]): [NoticeGroup, NoticePreference[]][] {
  return NOTICE_GROUPS.map((group): [NoticeGroup, NoticePreference[]] => [group, rows.filter((row) => (row.group ?? 'account') === group)]).filter(
    ([, inGroup]) => inGroup.length > 0,
  );
}

/** One heading's kinds of notice, a checkbox per channel offered (a dash where a channel is not). */
function PreferenceGroup({
  group,
  rows,
  channels,
  onChange,
  level = 2,
}: {
  group: NoticeGroup;
  rows: NoticePreference[];
  channels: NoticeChannel[];
  onChange: (type: string, channel: NoticeChannel, enabled: boolean) => Promise<void>;
  level?: 2 | 3;
}) {
  const { t } = useI18n();
  const Heading = level === 2 ? 'h2' : 'h3';
  const id = `notice-group-${level}-${group}`;
  return (
    <section aria-labelledby={id} className="mt-6">
      <Heading id={id} className="mb-2 text-lg font-semibold">
        {t(`notifications.settings.group.${group}`)}
      </Heading>
      <div className="overflow-x-auto rounded-xl border border-gray-200">
        <table className="w-full text-left text-sm">
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('notifications.settings.type')}
              </th>
              {channels.map((channel) => (
                <th key={channel} scope="col" className="w-16 px-2 py-2 text-center font-medium">
                  {t(CHANNEL_LABEL[channel])}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {rows.map((row) => (
              <tr key={row.type}>
                <th scope="row" className="px-4 py-3 font-normal text-gray-900">
                  {row.label}
                </th>
                {channels.map((channel) => {
                  const value = row.channels[channel];
                  return (
                    <td key={channel} className="px-2 py-3 text-center">
                      {value === undefined ? (
                        <span aria-hidden className="text-gray-400">
                          –
                        </span>
                      ) : (
                        <input
                          type="checkbox"
                          className="size-5 accent-brand-700"
                          checked={value}
                          onChange={(event) => void onChange(row.type, channel, event.target.checked)}
                          aria-label={t('notifications.settings.channelFor', { channel: t(CHANNEL_LABEL[channel]), label: row.label })}
                        />
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The VAPID public key as the browser wants it (bytes of its base64url). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

type PushState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on' | 'busy';

/** Push in this browser: registers the service worker, subscribes with the server's key, and tells the server. */
function PushSwitch({ publicKey }: { publicKey: string }) {
  const { t } = useI18n();
  const api = useApi();
  const [state, setState] = useState<PushState>('checking');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return setState('unsupported');
    if (Notification.permission === 'denied') return setState('denied');
    void navigator.serviceWorker
      .getRegistration('/')
      .then((registration) => registration?.pushManager.getSubscription())
      .then(
        (subscription) => setState(subscription ? 'on' : 'off'),
        () => setState('off'),
      );
  }, []);

  const enable = async () => {
    setState('busy');
    setFailed(false);
    try {
      if ((await Notification.requestPermission()) !== 'granted') return setState('denied');
      const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
      await api.subscribePush({ endpoint: json.endpoint, keys: json.keys });
      setState('on');
    } catch {
      setFailed(true);
      setState('off');
    }
  };
  const disable = async () => {
    setState('busy');
    try {
      const subscription = await (await navigator.serviceWorker.getRegistration('/'))?.pushManager.getSubscription();
      if (subscription) {
        await api.unsubscribePush(subscription.endpoint);
        await subscription.unsubscribe();
      }
      setState('off');
    } catch {
      setFailed(true);
      setState('on');
    }
  };

  return (
    <section aria-labelledby="push-title" className="mt-8 rounded-xl border border-gray-200 p-4">
      <h2 id="push-title" className="font-semibold">
        {t('notifications.push.title')}
      </h2>
      <p className="mt-1 text-sm text-gray-700">{t('notifications.push.intro')}</p>
      <p className="mt-3 text-sm" role="status">
        {state === 'unsupported'
          ? t('notifications.push.unsupported')
          : state === 'denied'
            ? t('notifications.push.denied')
            : state === 'on'
              ? t('notifications.push.on')
              : state === 'off'
                ? t('notifications.push.off')
                : ''}
      </p>
      {failed ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {t('notifications.push.failed')}
        </p>
      ) : null}
      {state === 'on' || state === 'off' || state === 'busy' ? (
        <button
          type="button"
          disabled={state === 'busy'}
          onClick={() => void (state === 'on' ? disable() : enable())}
          className="mt-3 rounded-full bg-brand-700 px-5 py-2 text-sm font-medium text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {state === 'on' ? t('notifications.push.disable') : t('notifications.push.enable')}
        </button>
      ) : null}
    </section>
  );
}
