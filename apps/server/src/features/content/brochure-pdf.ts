import type { ContentLanguage, HomeProjectDetail } from '@kunci/contracts/content';
import { formatLabel, formatMoney, formatNumber } from '@kunci/i18n/format';
import { translatorFor } from '@kunci/i18n/messages';
import { PDF_COLOURS, pdfDocument } from '../../lib/pdf-document.ts';

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
  // The page of every PDF we write (Noto Sans SC prints every language), in the developer's name.
  const { doc, width, done } = pdfDocument({
    language,
    title: `${project.name} · ${t('content.homes.brochureTitle')}`,
    author: project.developer,
    subject: project.summary,
  });

  doc.font('bold').fontSize(24).fillColor(PDF_COLOURS.brand).text(project.name, { width });
  doc.font('regular').fontSize(11).fillColor(PDF_COLOURS.muted).text(project.developer, { width });
  doc.moveDown(0.8);
  doc.font('regular').fontSize(12).fillColor(PDF_COLOURS.ink).text(project.summary, { width });
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
  doc.font('bold').fontSize(14).fillColor(PDF_COLOURS.ink).text(t('content.homes.facts'));
  doc.moveDown(0.4);
  for (const [label, value] of facts)
    doc
      .font('regular')
      .fontSize(11)
      .text(value ? `${formatLabel(language, label)}${value}` : label, { width });
  doc.moveDown(1);
  for (const block of plainBlocks(project.body)) {
    doc
      .font(block.heading ? 'bold' : 'regular')
      .fontSize(block.heading ? 14 : 11)
      .fillColor(PDF_COLOURS.ink)
      .text(block.text, { width });
    doc.moveDown(0.6);
  }
  doc.end();
  return done;
}
