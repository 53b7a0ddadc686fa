import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

/** The service worker as a browser runs it (public/sw.js), in a scope faked at its edges: registration and clients. */
function worker(windows: { url: string; focused: boolean }[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: { body: string; tag?: string; data: { url: string } } }[] = [];
  const opened: string[] = [];
  const self = {
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    location: { origin: 'https://kunci.my' },
    registration: {
      showNotification: async (title: string, options: (typeof shown)[number]['options']) => void shown.push({ title, options }),
    },
    clients: {
      matchAll: async () =>
        windows.map((w) => ({
          url: w.url,
          focus: async () => {
            w.focused = true;
          },
        })),
      openWindow: async (url: string) => void opened.push(url),
    },
  };
  runInNewContext(readFileSync(join(import.meta.dirname, '../../../public/sw.js'), 'utf8'), { self, URL });
  /** Dispatches an event and waits for what it asked the browser to wait for. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => (pending = promise) });
    await pending;
  };
  return { shown, opened, dispatch };
}

const pushData = (value: unknown) => ({
  json: () => (typeof value === 'string' ? JSON.parse(value) : value),
  text: () => (typeof value === 'string' ? value : JSON.stringify(value)),
});

describe('the service worker (web push)', () => {
  it('shows a pushed notice with its title, body and tag, keeping its link for the tap', async () => {
    const sw = worker();
    await sw.dispatch('push', {
      data: pushData({
        title: 'New chat request from Aisyah',
        body: 'Aisyah wants to rent Residensi Bangsar',
        url: 'https://kunci.my/dashboard/chat?chatId=7',
        tag: 'notice-9',
      }),
    });
    expect(sw.shown).toEqual([
      {
        title: 'New chat request from Aisyah',
        options: expect.objectContaining({
          body: 'Aisyah wants to rent Residensi Bangsar',
          tag: 'notice-9',
          data: { url: 'https://kunci.my/dashboard/chat?chatId=7' },
        }),
      },
    ]);
  });

  it('shows a push that is not JSON as its text under the site’s name', async () => {
    const sw = worker();
    await sw.dispatch('push', { data: pushData('{not json') });
    expect(sw.shown[0]).toMatchObject({ title: 'Kunci', options: { body: '{not json' } });
  });

  it('a tap opens the notice’s page, focuses it when already open, and never opens another site', async () => {
    const open = { url: 'https://kunci.my/dashboard/notifications', focused: false };
    const sw = worker([open]);
    const tap = (url: string) => sw.dispatch('notificationclick', { notification: { close: () => undefined, data: { url } } });
    await tap('https://kunci.my/dashboard/chat?chatId=7');
    expect(sw.opened).toEqual(['https://kunci.my/dashboard/chat?chatId=7']);
    await tap('https://kunci.my/dashboard/notifications');
    expect(open.focused).toBe(true);
    await tap('https://evil.example/phish');
    expect(sw.opened.at(-1)).toBe('https://kunci.my');
  });
});
