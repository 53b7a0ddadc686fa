import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { RouterContextProvider, ServerRouter, type EntryContext } from 'react-router';
import { pageScripts } from './lib/page-scripts.server.ts';
import { serverContext, type ServerContext } from './lib/server-context.ts';
import { StylesheetContext } from './lib/stylesheet.tsx';
import { trackCatalogueUsage } from './lib/catalogue.tsx';
import css from './app.css?inline';

export { sharedPage, visitorCookies } from './lib/page-cache.server.ts';

export const streamTimeout = 5_000;

/** The catalogue areas the page being rendered reads: the page brings only those to the browser (lib/catalogue.tsx). */
const catalogueUsage = new AsyncLocalStorage<Set<string>>();
trackCatalogueUsage(() => catalogueUsage.getStore());

/**
 * The bytes of each page this entry rendered, by its Response: the server takes them from here rather than reading the
 * body back through a stream (plugins/web.ts). The Response carries them too, for any other reader.
 */
const pageBodies = new WeakMap<Response, Buffer>();
export function pageBody(response: Response): Buffer | undefined {
  return pageBodies.get(response);
}

/** Called by the hosting server for every request: the context loaders read through getServerContext. */
export function createLoadContext(server: ServerContext): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(serverContext, server);
  return context;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    // The headers a GET would have, without rendering the body.
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(serverContext).nonce;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    // React's work for this page (its scheduled tasks included) runs in the page's own set of catalogue areas.
    const { pipe, abort } = catalogueUsage.run(new Set(), () =>
      renderToPipeableStream(
        <StylesheetContext value={css}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StylesheetContext>,
        {
          nonce,
          [readyOption]() {
            shellRendered = true;
            // The status as the shell had it: an error in a part rendered later shows there (the browser renders it
            // again), not as a failed page.
            const status = responseStatusCode;
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
            // The page is answered whole: the server sends it in one write, compressed in one go (see pageScripts).
            const chunks: Buffer[] = [];
            pipe(
              new Writable({
                write(chunk: Buffer, _encoding, callback) {
                  chunks.push(chunk);
                  callback();
                },
                final(callback) {
                  clearTimeout(timeoutId);
                  timeoutId = undefined;
                  const page = pageScripts(Buffer.concat(chunks));
                  const response = new Response(page, { headers: responseHeaders, status });
                  pageBodies.set(response, page);
                  resolve(response);
                  callback();
                },
              }),
            );
          },
          onShellError(error: unknown) {
            reject(error);
          },
          onError(error: unknown) {
            responseStatusCode = 500;
            if (shellRendered) console.error(error);
          },
        },
      ),
    );
  });
}
