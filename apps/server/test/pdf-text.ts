import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of a PDF's pages read back by PDF.js, one line a page. Within a page the pieces are joined with
 * `separator`: nothing keeps a line's words as drawn, a space keeps pieces set apart from running together.
 */
export async function pdfText(data: Buffer, separator = ''): Promise<string> {
  const task = getDocument({ data: new Uint8Array(data), useSystemFonts: false });
  const document = await task.promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(separator));
  }
  await task.destroy();
  return pages.join('\n');
}
