import { createRequire } from 'node:module';
import path from 'node:path';
import bwipjs from 'bwip-js/node';
import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * Server-rendered PDF documents (waybills, proformas, receipts, flight manifests): pdfmake with
 * DejaVu Sans embedded, so ə ğ ş ı ç ö ü print as they are written. The font files come from the
 * `dejavu-fonts-ttf` npm package; nothing is fetched at run time.
 */
const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
export const PDF_FONT = 'DejaVuSans';

pdfmake.setFonts({
  [PDF_FONT]: {
    normal: path.join(FONT_DIR, 'DejaVuSans.ttf'),
    bold: path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'),
    italics: path.join(FONT_DIR, 'DejaVuSans-Oblique.ttf'),
    bolditalics: path.join(FONT_DIR, 'DejaVuSans-BoldOblique.ttf'),
  },
});
// Documents never load anything from the network, and read local files only from the font folder.
(pdfmake as unknown as { setUrlAccessPolicy(cb: (url: string) => boolean): void }).setUrlAccessPolicy(() => false);
(pdfmake as unknown as { setLocalAccessPolicy(cb: (p: string) => boolean): void }).setLocalAccessPolicy((p) => path.resolve(p).startsWith(FONT_DIR));

/** Page sizes in points (1 mm = 2.8346 pt). A label is 100 × 150 mm; a receipt roll is 80 mm wide. */
export const PAGE = {
  a4: 'A4',
  label: { width: 283.46, height: 425.2 },
  receipt: (heightPt: number) => ({ width: 226.77, height: Math.max(200, heightPt) }),
} as const;

export async function renderPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  const definition: TDocumentDefinitions = {
    ...doc,
    defaultStyle: { font: PDF_FONT, fontSize: 9, ...doc.defaultStyle },
    info: { creator: 'Kargo Ofis', producer: 'Kargo Ofis', ...doc.info },
  };
  const buffer = await pdfmake.createPdf(definition).getBuffer();
  return Buffer.from(buffer);
}

/** A Code128 barcode as a PNG data URL, with the code printed under it. */
export async function code128Png(text: string, opts: { heightMm?: number; scale?: number } = {}): Promise<string> {
  const png = await bwipjs.toBuffer({
    bcid: 'code128',
    text,
    scale: opts.scale ?? 3,
    height: opts.heightMm ?? 12,
    includetext: true,
    textxalign: 'center',
    paddingwidth: 4,
    paddingheight: 2,
    backgroundcolor: 'FFFFFF',
  });
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A two-column table of label → value rows (the documents' field blocks). */
export function fieldTable(rows: [string, string | number | null | undefined][], widths: (string | number)[] = ['40%', '60%']): Content {
  return {
    table: {
      widths,
      body: rows.map(([label, value]) => [{ text: label, bold: true }, { text: value === null || value === undefined || value === '' ? '—' : String(value) }]),
    },
    layout: 'lightHorizontalLines',
  };
}
