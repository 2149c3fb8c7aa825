import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource,
} from '@zxing/library';
import { PNG } from 'pngjs';

/**
 * Tests look at printed documents as a person would: the page rasterised (poppler's pdftoppm),
 * the barcode read back from the pixels (ZXing), the text as a PDF reader extracts it (pdftotext).
 */
function withTempPdf<T>(pdf: Buffer, fn: (file: string, dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, pdf);
    return fn(file, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function pdfText(pdf: Buffer): string {
  return withTempPdf(pdf, (file) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));
}

export function pdfPageCount(pdf: Buffer): number {
  return withTempPdf(pdf, (file) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1] ?? 0));
}

/** Page `page` (1-based) as PNG pixels. */
export function rasterisePage(pdf: Buffer, page = 1, dpi = 200): PNG {
  return withTempPdf(pdf, (file, dir) => {
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', '-f', String(page), '-l', String(page), '-singlefile', file, path.join(dir, 'page')]);
    return PNG.sync.read(fs.readFileSync(path.join(dir, 'page.png')));
  });
}

/** The Code128 barcode on a rasterised page, decoded; null when none is found. */
export function decodeCode128(png: PNG): string | null {
  const pixels = new Uint8ClampedArray(png.width * png.height);
  for (let i = 0; i < pixels.length; i++) {
    const o = i * 4;
    pixels[i] = (png.data[o]! * 299 + png.data[o + 1]! * 587 + png.data[o + 2]! * 114) / 1000;
  }
  const source = new RGBLuminanceSource(pixels, png.width, png.height);
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]], [DecodeHintType.TRY_HARDER, true]]);
  try {
    return reader.decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText();
  } catch {
    return null;
  }
}
