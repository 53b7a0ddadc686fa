import { CATALOGUES, type Messages } from '@kunci/i18n/messages';
import type { Language } from '@kunci/i18n/locales';
// Each language's whole catalogue: a JSON file of the browser build (vite plugin catalogue-files.ts).
import WHOLE from 'virtual:kunci/catalogue-files';

/**
 * The active language's messages reach the browser as a JSON script in the page, rather than inside the root
 * loader's data: a JSON script is not executed and `JSON.parse` reads it in a fraction of a millisecond, where the
 * loader stream is decoded string by string during hydration. Only the catalogue areas the page used while it was
 * rendered go with it (an area is a key's first segment, `details`, or its first two in a large area,
 * `growth.offer`), not the whole catalogue (about 120 KB of JSON in each language): the server notes the areas each
 * page reads (`trackCatalogueUsage`, set up by entry.server per request). The browser loads the language's whole
 * catalogue (a JSON file of its own, cached for good) at the visitor's first key or pointer press, on the first
 * client navigation, or when it is asked for a message the page did not bring; the provider renders again with it
 * only in that last case. On the server every catalogue is at hand; the browser build drops them
 * (`import.meta.env.SSR` is false there).
 */
const ID = 'app-messages';

/** Areas every page brings, whatever it rendered: what an error, a notice or a sign-in prompt may need at once. */
const ALWAYS = ['app', 'nav', 'errors', 'error', 'notFound', 'toast'];
/**
 * Messages every page brings for what renders nothing on the server and shows after load (the app-install popup on
 * phones, a signed-in visitor's floating chat button): without them the page would load the whole catalogue for a
 * few strings, and the button would have no name until it came. Any other message still comes.
 */
const ALWAYS_KEYS = ['growth.app.', 'chat.floating.'];

interface PageCatalogue {
  lang: Language;
  messages: Partial<Messages>;
  /** False when the page brought only the areas it used. */
  complete: boolean;
}

const firstSegment = (key: string) => {
  const dot = key.indexOf('.');
  return dot === -1 ? key : key.slice(0, dot);
};

/**
 * An area larger than this (its English messages as JSON) goes with a page by its keys' first two segments
 * (`services.instantView`), not whole: such an area holds the words of several pages and components (services' own
 * pages and the instant-view badge of every listing card), and a page that shows one of them would bring them all.
 */
const LARGE_AREA_BYTES = 4096;
let largeAreas: Set<string> | undefined;

/** The area of a key: its first segment, or its first two in a large area (server only: it reads every catalogue). */
function areaOf(key: string): string {
  largeAreas ??= (() => {
    const sizes = new Map<string, number>();
    for (const [name, text] of Object.entries(CATALOGUES.en)) {
      const area = firstSegment(name);
      sizes.set(area, (sizes.get(area) ?? 0) + name.length + String(text).length + 6);
    }
    return new Set([...sizes].filter(([, bytes]) => bytes > LARGE_AREA_BYTES).map(([area]) => area));
  })();
  const first = firstSegment(key);
  if (!largeAreas.has(first)) return first;
  const second = key.indexOf('.', first.length + 1);
  return second === -1 ? key : key.slice(0, second);
}

// --- Server: which areas a page read ---------------------------------------------------------------------------

let currentUsage: () => Set<string> | undefined = () => undefined;

/** Called once by entry.server: `current` gives the areas set of the page being rendered now (or none). */
export function trackCatalogueUsage(current: () => Set<string> | undefined) {
  currentUsage = current;
}

const tracked = new Map<Language, Messages>();

/** The catalogue as the server renders with it: every read notes its area for the page being rendered. */
function trackedCatalogue(lang: Language): Messages {
  let messages = tracked.get(lang);
  if (!messages) {
    messages = new Proxy(CATALOGUES[lang], {
      get(target, key, receiver) {
        if (typeof key === 'string') currentUsage()?.add(areaOf(key));
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    tracked.set(lang, messages);
  }
  return messages;
}

/** Each language's script text per set of areas, written once per process (pages of one kind use the same areas). */
const serialized = new Map<string, string>();
const SERIALIZED_MAX = 500;

/** `<` is escaped so no message can end the script element. */
function serialize(lang: Language, used: ReadonlySet<string> | undefined): string {
  const areas = used ? [...new Set([...ALWAYS, ...used])].sort() : undefined;
  const key = `${lang} ${areas?.join(',') ?? '*'}`;
  let text = serialized.get(key);
  if (text === undefined) {
    const all = CATALOGUES[lang];
    let messages: Partial<Messages> = all;
    if (areas) {
      const wanted = new Set(areas);
      messages = Object.fromEntries(
        Object.entries(all).filter(
          ([name]) => wanted.has(areaOf(name)) || wanted.has(firstSegment(name)) || ALWAYS_KEYS.some((start) => name.startsWith(start)),
        ),
      ) as Partial<Messages>;
    }
    text = JSON.stringify({ lang, messages, complete: !areas } satisfies PageCatalogue).replace(/</g, '\\u003c');
    if (serialized.size >= SERIALIZED_MAX) serialized.delete(serialized.keys().next().value!);
    serialized.set(key, text);
  }
  return text;
}

// --- Browser: the page's areas, then the whole catalogue ---------------------------------------------------------

let fromPage: PageCatalogue | undefined;

function pageCatalogue(): PageCatalogue {
  fromPage ??= JSON.parse(document.getElementById(ID)?.textContent ?? 'null') as PageCatalogue;
  return fromPage;
}

let whole: Messages | undefined;
let loading: Promise<void> | undefined;
let version = 0;
const listeners = new Set<() => void>();
/** Whether something read a message the page did not bring (and showed it empty). */
let missed = false;

/**
 * Loads the page language's whole catalogue once. The provider renders again with it only if something showed a
 * message empty meanwhile; otherwise messages the page did not bring are read from it as they are asked for.
 */
export function loadWholeCatalogue(): Promise<void> {
  if (import.meta.env.SSR || pageCatalogue().complete) return Promise.resolve();
  loading ??= WHOLE[pageCatalogue().lang]().then(
    (messages) => {
      whole = messages;
      if (!missed) return;
      version++;
      for (const listener of listeners) listener();
    },
    () => {
      // Offline or a new release: the next request for a missing message tries again.
      loading = undefined;
    },
  );
  return loading;
}

/**
 * A page brings the messages of what it rendered; what the visitor opens next (a dialog, a menu, another page) may
 * need others. The first key or pointer pressed fetches the language's whole catalogue, so that what opens has its
 * words (a page nobody touches loads nothing more).
 */
export function loadCatalogueOnFirstUse(): () => void {
  if (import.meta.env.SSR || pageCatalogue().complete) return () => {};
  const events = ['pointerdown', 'keydown'] as const;
  const stop = () => {
    for (const event of events) window.removeEventListener(event, start, true);
  };
  function start() {
    stop();
    void loadWholeCatalogue();
  }
  for (const event of events) window.addEventListener(event, start, { capture: true, passive: true });
  return stop;
}

/** For useSyncExternalStore: changes once, when the whole catalogue has arrived after a message was missed. */
export function subscribeCatalogue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const catalogueVersion = () => version;

let partial: Messages | undefined;

/** The page's messages, then the whole catalogue's; a message neither holds yet reads as empty until it is here. */
function partialCatalogue(): Messages {
  partial ??= new Proxy(pageCatalogue().messages as Messages, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (value === undefined && typeof key === 'string') {
        if (whole) return whole[key as keyof Messages];
        missed = true;
        void loadWholeCatalogue();
        return '';
      }
      return value;
    },
  });
  return partial;
}

/** The catalogue of a language: any on the server; in the browser, the one the page was served in. */
export function catalogue(lang: Language): Messages {
  if (import.meta.env.SSR) return trackedCatalogue(lang);
  if (whole) return whole;
  const page = pageCatalogue();
  return page.complete ? (page.messages as Messages) : partialCatalogue();
}

/** Whether the browser holds this language's catalogue (a page of another language must be loaded whole). */
export function hasCatalogue(lang: Language): boolean {
  return import.meta.env.SSR || pageCatalogue().lang === lang;
}

export function CatalogueScript({ lang }: { lang: Language }) {
  // Rendered after the page's body: every area the page read is known. The browser renders back exactly the text
  // the server wrote, so hydration finds nothing to change.
  const text = import.meta.env.SSR ? serialize(lang, currentUsage()) : (document.getElementById(ID)?.textContent ?? '');
  return <script id={ID} type="application/json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: text }} />;
}
