import { createContext, useContext } from 'react';

/**
 * The stylesheet, inlined in every page's head so nothing blocks the first paint. The server renders it from
 * the text entry.server provides; the browser reads the same text back from the page, so it is not downloaded a
 * second time inside the JavaScript (it is a third of the app's own first-load script otherwise).
 */
export const StylesheetContext = createContext<string | null>(null);

const ID = 'app-css';
let fromPage: string | undefined;

export function InlineStylesheet() {
  const text = useContext(StylesheetContext) ?? (fromPage ??= document.getElementById(ID)?.textContent ?? '');
  return <style id={ID} dangerouslySetInnerHTML={{ __html: text }} />;
}
