import { useEffect, useState, type FormEvent } from 'react';
import { VIEWING_COOKIES, type Appointment, type Timeslots } from '@kunci/contracts/appointments';
import type { ChatConversation } from '@kunci/contracts/chat';
import { ApiError, useApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useToast } from '../../../components/ui/toast.tsx';

/** The refusal's message in the user's language (or the network's error). */
const refusal = (error: unknown) => (error instanceof ApiError ? (error.body?.message ?? error.message) : String(error));

const cookie = (name: string) => decodeURIComponent(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(document.cookie)?.[1] ?? '');
function remember(date: string, time: string) {
  for (const [key, value] of [
    ['date', date],
    ['time', time],
  ] as const) {
    const { name, days } = VIEWING_COOKIES[key];
    if (value) document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${days * 86_400}; SameSite=Lax`;
  }
}

/**
 * The conversation's viewing: the upcoming one with reschedule and cancel for both sides (and accept or decline
 * for the landlord while it waits for them), or (for the tenant) "Book a viewing" with the listing's free slots.
 * `version` changes when a viewing message arrives.
 */
export function ViewingPanel({ conversation, version }: { conversation: ChatConversation; version: number }) {
  const { t, weekdayTime } = useI18n();
  const api = useApi();
  const toast = useToast();
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const say = (text: string, error = false) => setNotice({ text, error });
  const [appointments, setAppointments] = useState<Appointment[] | null>(null);
  const [picking, setPicking] = useState<'book' | number | null>(null);

  useEffect(() => {
    let live = true;
    void api
      .viewings(conversation.id)
      .catch(() => ({ content: [] }))
      .then((r) => live && setAppointments(r.content));
    return () => {
      live = false;
    };
  }, [api, conversation.id, version]);

  const upcoming = appointments?.find((a) => a.status === 'BOOKED' && new Date(a.endsAt).getTime() > Date.now());
  const canBook = conversation.role === 'TENANT' && !conversation.blocked;
  // Nothing to show or do (a landlord before any booking, a moderator): no empty strip.
  if (appointments === null || conversation.role === 'MODERATOR' || (!upcoming && !canBook)) return null;

  async function change(id: number, action: 'cancel' | 'accept' | 'decline') {
    try {
      const changed = action === 'cancel' ? await api.cancelViewing(id) : await api.answerViewing(id, action);
      const done = t(action === 'cancel' ? 'viewing.cancelled' : action === 'accept' ? 'viewing.acceptedToast' : 'viewing.declinedToast');
      // A landlord's strip goes away with the viewing: only then is it said in a toast.
      if (action !== 'accept' && !canBook) toast(done);
      else say(done);
      setAppointments((all) => all?.map((a) => (a.id === id ? changed : a)) ?? null);
    } catch (error) {
      say(refusal(error), true);
    }
  }
  const awaitingMe = upcoming && !upcoming.acceptedAt && conversation.role === 'LANDLORD';
  const landlord = conversation.role === 'LANDLORD';
  const button = 'min-h-9 rounded-full px-3 py-1.5 font-medium';

  return (
    // Text first with the width it needs; the actions wrap below it on a phone and sit at its end from `sm` up.
    <div
      className="flex flex-col gap-1.5 border-b border-gray-200 bg-brand-50 px-3 py-2 text-sm sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-3"
      data-testid="viewing-panel"
    >
      {upcoming ? (
        <>
          <div className="min-w-0 sm:flex-1">
            <p className="font-medium">
              {upcoming.group
                ? t('viewing.upcomingGroup', { time: weekdayTime(upcoming.startsAt) })
                : landlord
                  ? t('viewing.upcomingWith', { name: conversation.tenant.name, time: weekdayTime(upcoming.startsAt) })
                  : t('viewing.upcoming', { time: weekdayTime(upcoming.startsAt) })}
            </p>
            <p className="text-xs text-gray-700">
              {awaitingMe
                ? t('viewing.awaitingYou')
                : upcoming.host === 'RUNNER'
                  ? t(landlord ? 'services.instantView.bookedLandlord' : 'services.instantView.booked')
                  : upcoming.acceptedAt
                    ? t(landlord ? 'viewing.acceptedByYou' : 'viewing.confirmed')
                    : t('viewing.pending')}
            </p>
          </div>
          <div className="-ms-3 flex flex-wrap items-center gap-1 sm:ms-0">
            {awaitingMe ? (
              <>
                <button
                  type="button"
                  className={`${button} ms-3 bg-brand-700 text-white hover:bg-brand-800 sm:ms-0`}
                  onClick={() => void change(upcoming.id, 'accept')}
                >
                  {t('viewing.accept')}
                </button>
                <button type="button" className={`${button} text-red-700 hover:bg-white`} onClick={() => void change(upcoming.id, 'decline')}>
                  {t('viewing.decline')}
                </button>
              </>
            ) : null}
            <button type="button" className={`${button} text-brand-700 hover:bg-white`} onClick={() => setPicking(upcoming.id)}>
              {t('viewing.reschedule')}
            </button>
            {awaitingMe ? null : (
              <button type="button" className={`${button} text-red-700 hover:bg-white`} onClick={() => void change(upcoming.id, 'cancel')}>
                {t('viewing.cancel')}
              </button>
            )}
          </div>
        </>
      ) : canBook ? (
        <button
          type="button"
          className="self-start rounded-full bg-brand-700 px-4 py-1.5 font-medium text-white hover:bg-brand-800"
          onClick={() => setPicking('book')}
        >
          {t('viewing.book')}
        </button>
      ) : null}
      {/* What just happened, said here rather than in a toast that would cover the message box on a phone. */}
      <p
        role={notice?.error ? 'alert' : 'status'}
        className={`text-xs font-medium empty:sr-only sm:basis-full ${notice?.error ? 'text-red-700' : 'text-brand-800'}`}
      >
        {notice?.text}
      </p>
      <SlotPicker
        open={picking !== null}
        onClose={() => setPicking(null)}
        conversation={conversation}
        moving={typeof picking === 'number' ? (appointments.find((a) => a.id === picking) ?? null) : null}
        onDone={(appointment) => {
          setPicking(null);
          setAppointments((all) => [...(all ?? []).filter((a) => a.id !== appointment.id), appointment]);
          say(t('viewing.booked'));
        }}
      />
    </div>
  );
}

function SlotPicker({
  open,
  onClose,
  conversation,
  moving,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  conversation: ChatConversation;
  moving: Appointment | null;
  onDone: (appointment: Appointment) => void;
}) {
  const { t, weekday } = useI18n();
  const api = useApi();
  const [slots, setSlots] = useState<Timeslots | null>(null);
  const [day, setDay] = useState('');
  const [error, setError] = useState('');
  const [group, setGroup] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setSlots(null);
    setError('');
    setGroup(moving?.group ?? false);
    void api
      .timeslots(conversation.property.id)
      .catch(() => null)
      .then((s) => {
        setSlots(s);
        const remembered = cookie(VIEWING_COOKIES.date.name);
        setDay(s?.days.some((d) => d.date === remembered) ? remembered : (s?.days[0]?.date ?? ''));
      });
  }, [api, open, conversation.property.id, moving]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const startsAt = String(new FormData(event.currentTarget).get('slot') ?? '');
    if (!startsAt) return;
    setBusy(true);
    setError('');
    try {
      const booked = moving
        ? await api.rescheduleViewing(moving.id, startsAt)
        : await api.bookViewing({ conversationId: conversation.id, startsAt, group });
      setBusy(false);
      onDone(booked);
    } catch (error) {
      setBusy(false);
      setError(refusal(error));
      // Someone else took it: show what is free now.
      const fresh = await api.timeslots(conversation.property.id).catch(() => null);
      if (fresh) setSlots(fresh);
    }
  }

  const today = slots?.days.find((d) => d.date === day);
  const rememberedTime = open ? cookie(VIEWING_COOKIES.time.name) : '';
  return (
    <Modal open={open} onClose={onClose} labelledBy="viewing-title" className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl p-6">
      <div className="flex items-start justify-between gap-3">
        <h2 id="viewing-title" className="text-xl font-semibold">
          {moving ? t('viewing.reschedule') : t('viewing.book')}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="-mr-2 -mt-1 rounded-full p-2 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <CloseIcon title={t('sheet.close')} />
        </button>
      </div>
      <p className="mt-1 text-sm text-gray-600">{t('viewing.timezone')}</p>
      {!slots ? (
        <p role="status" className="mt-4">
          {t('viewing.loading')}
        </p>
      ) : slots.days.length === 0 ? (
        <p className="mt-4">{t('viewing.none')}</p>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-4">
          <label htmlFor="viewing-day" className="block text-sm font-medium">
            {t('viewing.pickDay')}
          </label>
          <select
            id="viewing-day"
            value={day}
            onChange={(e) => {
              setDay(e.target.value);
              remember(e.target.value, '');
            }}
            className="w-full rounded-lg border border-gray-300 px-3 py-2"
          >
            {slots.days.map((d) => (
              <option key={d.date} value={d.date}>
                {/* Noon in Malaysia: the day itself, whatever the hour. */}
                {weekday(`${d.date}T04:00:00.000Z`)}
              </option>
            ))}
          </select>
          <fieldset>
            <legend className="text-sm font-medium">{t('viewing.pickTime')}</legend>
            <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
              {today?.slots
                .filter((s) => (moving ? s.groupOnly === moving.group || !s.groupOnly : group || !s.groupOnly))
                .map((s) => (
                  <label
                    key={s.startsAt}
                    className="flex cursor-pointer flex-col items-center rounded-lg border border-gray-300 px-2 py-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
                  >
                    <input
                      type="radio"
                      name="slot"
                      value={s.startsAt}
                      required
                      defaultChecked={s.time === rememberedTime}
                      className="sr-only"
                      onChange={() => remember(day, s.time)}
                    />
                    <span className="font-medium">{s.time}</span>
                    {s.groupViewers ? <span className="text-xs text-gray-600">{t('viewing.groupViewers', { count: s.groupViewers })}</span> : null}
                  </label>
                ))}
            </div>
          </fieldset>
          {moving ? null : (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={group} onChange={(e) => setGroup(e.target.checked)} className="size-4 accent-brand-700" />
              {t('viewing.group')}
            </label>
          )}
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-full bg-brand-700 px-4 py-2.5 font-medium text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {moving ? t('viewing.move') : t('viewing.confirm')}
          </button>
        </form>
      )}
    </Modal>
  );
}
