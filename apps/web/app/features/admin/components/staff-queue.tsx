import type { ReactNode } from 'react';
import { Form } from 'react-router';

/**
 * A console queue as the loader gave it: an alert when it did not load (null), a note when nothing waits, otherwise
 * one list item per entry.
 */
export function StaffQueue<T extends { id: string | number }>({
  queue,
  loadError,
  empty,
  children,
}: {
  queue: { content: T[] } | null;
  loadError: string;
  empty: string;
  children: (item: T) => ReactNode;
}) {
  if (!queue) {
    return (
      <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-red-800">
        {loadError}
      </p>
    );
  }
  if (queue.content.length === 0) {
    return <p className="mt-4 rounded-xl border border-dashed border-gray-300 p-6 text-center text-gray-700">{empty}</p>;
  }
  return (
    <ul className="mt-4 space-y-4">
      {queue.content.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  );
}

export const PRIMARY_BUTTON =
  'min-h-11 rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:opacity-60';
export const SECONDARY_BUTTON =
  'min-h-11 rounded-lg border border-gray-400 px-4 py-2 font-medium hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:opacity-60';

/**
 * A staff decision on one queue entry: a required note (the person decided about reads it) and one button per
 * choice, the first the primary one. `fields` go along hidden (`id` names the entry); `children` are further fields.
 */
export function DecisionForm({
  fields,
  note,
  choices,
  busy,
  noteError,
  failure,
  children,
}: {
  fields: { id: string } & Record<string, string>;
  note: { label: string; hint?: string };
  choices: { intent: string; label: string }[];
  busy: boolean;
  noteError?: string | undefined;
  failure?: string | undefined;
  children?: ReactNode;
}) {
  const { id } = fields;
  const describedBy = [note.hint ? `note-hint-${id}` : '', noteError ? `note-error-${id}` : ''].filter(Boolean).join(' ');
  return (
    <Form method="post" className="mt-4 space-y-2">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <label htmlFor={`note-${id}`} className="block font-medium">
        {note.label}
      </label>
      {note.hint ? (
        <p id={`note-hint-${id}`} className="text-sm text-gray-700">
          {note.hint}
        </p>
      ) : null}
      <textarea
        id={`note-${id}`}
        name="note"
        required
        maxLength={1000}
        rows={3}
        aria-describedby={describedBy || undefined}
        aria-invalid={noteError ? true : undefined}
        className="block w-full rounded-lg border border-gray-300 px-3 py-2"
      />
      {noteError ? (
        <p id={`note-error-${id}`} className="text-sm text-red-700">
          {noteError}
        </p>
      ) : failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {choices.map((choice, index) => (
          <button
            key={choice.intent}
            type="submit"
            name="intent"
            value={choice.intent}
            disabled={busy}
            className={index === 0 ? PRIMARY_BUTTON : SECONDARY_BUTTON}
          >
            {choice.label}
          </button>
        ))}
      </div>
    </Form>
  );
}
