import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import type { ContentLanguage, HomeProjectDetail } from '@kunci/contracts/content';
import { formatMoney, formatNumber } from '@kunci/i18n/format';
import { HTML_LANG } from '@kunci/i18n/locales';
import { translatorFor } from '@kunci/i18n/messages';

// Noto Sans SC covers Latin and CJK, so one font prints every language (as the payment receipts do).
const FONT_DIR = join(dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')), '..', 'fonts');
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function loadFonts() {
  fonts ??= { regular: readFileSync(join(FONT_DIR, 'NotoSansHans-Regular.otf')), bold: readFileSync(join(FONT_DIR, 'NotoSansHans-Bold.otf')) };
  return fonts;
}

/** The project's text as plain paragraphs and headings (its Markdown marks removed). */
function plainBlocks(body: string): { heading: boolean; text: string }[] {
  return body
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => ({
      heading: /^#{1,3}\s/.test(block),
      text: block
        .replace(/^#{1,3}\s+/, '')
        .replace(/\*\*(.+?)\*\*/g, '$1')
        .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
        .replace(/^[-*]\s+/gm, '• '),
    }));
}

/** A project's brochure as an A4 PDF in one language: its key facts, then its description. */
export async function brochurePdf(project: HomeProjectDetail, language: ContentLanguage): Promise<Buffer> {
  const t = translatorFor(language);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: HTML_LANG[language],
    displayTitle: true,
    info: { Title: `${project.name} · ${t('content.homes.brochureTitle')}`, Author: project.developer, Subject: project.summary },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { regular, bold } = loadFonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  doc.font('bold').fontSize(24).fillColor('#0f766e').text(project.name, { width });
  doc.font('regular').fontSize(11).fillColor('#57534e').text(project.developer, { width });
  doc.moveDown(0.8);
  doc.font('regular').fontSize(12).fillColor('#1c1917').text(project.summary, { width });
  doc.moveDown(1);

  const facts: [string, string][] = [
    [
      t('content.homes.price'),
      t('content.homes.priceRange', { min: formatMoney(language, project.priceMin), max: formatMoney(language, project.priceMax) }),
    ],
    [t('content.homes.type'), t(`content.homes.kind.${project.propertyKind}`)],
    [t('content.homes.tenure'), t(`content.homes.tenure.${project.tenure}`)],
    [t('content.homes.bedrooms', { min: project.bedroomsMin, max: project.bedroomsMax }), ''],
    [t('content.homes.size', { min: formatNumber(language, project.sizeMinSqft), max: formatNumber(language, project.sizeMaxSqft) }), ''],
    [t('content.homes.units', { count: project.units }), t('content.homes.completion', { year: project.completionYear })],
  ];
  doc.font('bold').fontSize(14).fillColor('#1c1917').text(t('content.homes.facts'));
  doc.moveDown(0.4);
  for (const [label, value] of facts)
    doc
      .font('regular')
      .fontSize(11)
      .text(value ? `${label}: ${value}` : label, { width });
  doc.moveDown(1);
  for (const block of plainBlocks(project.body)) {
    doc
      .font(block.heading ? 'bold' : 'regular')
      .fontSize(block.heading ? 14 : 11)
      .fillColor('#1c1917')
      .text(block.text, { width });
    doc.moveDown(0.6);
  }
  doc.end();
  return done;
}
