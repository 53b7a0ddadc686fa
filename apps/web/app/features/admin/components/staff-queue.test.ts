import { createElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { renderPage } from '../../../lib/route-testing.ts';
import { unlessRefused } from '../staff.server.ts';
import { DecisionForm, StaffQueue } from './staff-queue.tsx';

/** Server-rendered inside a router (forms need one). */
const html = (element: ReactElement) => renderPage(element, { url: 'http://localhost:3000/admin' });

const queue = (content: { id: string; name: string }[] | null) =>
  html(
    createElement(StaffQueue<{ id: string; name: string }>, {
      queue: content && { content },
      loadError: 'Could not load',
      empty: 'Nothing waits',
      children: (item) => createElement('article', null, item.name),
    }),
  );

describe('a console queue', () => {
  it('says so when it did not load, when nothing waits, and lists each entry otherwise', async () => {
    expect(await queue(null)).toMatch(/<p role="alert"[^>]*>Could not load<\/p>/);
    expect(await queue([])).toMatch(/<p [^>]*>Nothing waits<\/p>/);
    const listed = await queue([
      { id: 'a', name: 'Aisyah' },
      { id: 'b', name: 'Kavitha' },
    ]);
    expect(listed).toContain('<ul class="mt-4 space-y-4"><li><article>Aisyah</article></li><li><article>Kavitha</article></li></ul>');
    expect(listed).not.toContain('Nothing waits');
  });

  it('loads a refused part as null, and fails the page on a server error', async () => {
    expect(await unlessRefused(Promise.reject(new ApiError(403, undefined)))).toBeNull();
    await expect(unlessRefused(Promise.reject(new ApiError(503, undefined)))).rejects.toThrow(ApiError);
    expect(await unlessRefused(Promise.resolve('queue'))).toBe('queue');
  });
});

describe('a staff decision', () => {
  const decision = (props: { hint?: string; noteError?: string; failure?: string }) =>
    html(
      createElement(DecisionForm, {
        fields: { id: 'j1', kind: 'deposit' },
        note: { label: 'Note', ...(props.hint ? { hint: props.hint } : {}) },
        choices: [
          { intent: 'accept', label: 'Accept' },
          { intent: 'refuse', label: 'Refuse' },
        ],
        busy: false,
        noteError: props.noteError,
        failure: props.failure,
      }),
    );

  it('sends the entry, a required note and the chosen intent', async () => {
    const form = await decision({});
    expect(form).toContain('<input type="hidden" name="id" value="j1"/><input type="hidden" name="kind" value="deposit"/>');
    expect(form).toMatch(/<textarea id="note-j1" name="note" required=""/);
    expect(form).toMatch(/<button type="submit"(?=[^>]*name="intent")(?=[^>]*value="accept")[^>]*>Accept<\/button>/);
    expect(form).toMatch(/<button type="submit"(?=[^>]*name="intent")(?=[^>]*value="refuse")[^>]*>Refuse<\/button>/);
  });

  it('ties the hint and the note’s error to the note, and shows a refusal otherwise', async () => {
    const hinted = await decision({ hint: 'The tenant reads it', noteError: 'Too short' });
    expect(hinted).toContain('aria-describedby="note-hint-j1 note-error-j1"');
    expect(hinted).toContain('<p id="note-error-j1" class="text-sm text-red-700">Too short</p>');
    const refused = await decision({ failure: 'Already decided' });
    expect(refused).not.toContain('aria-describedby');
    expect(refused).toMatch(/<p role="alert"[^>]*>Already decided<\/p>/);
  });
});
