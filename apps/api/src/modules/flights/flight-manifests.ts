import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { IMPORT_MAX_CODES, TRACK_CODE_PATTERN, normalizeImportedCode } from '@app/contract/documents';
import { FLIGHT_FILE_PREFIX, MANIFEST_ZIP_NAME, type ManifestBoxReply, type ManifestResult } from '@app/contract/flights';
import { az, fill } from '@app/contract/texts/az';
import JSZip from 'jszip';
import type { Db } from '../../db/client';
import { invalid, notFound } from '../../platform/errors';
import { exportDir } from '../../platform/export-tasks';
import { readImportRows } from '../../platform/import-reader';
import {
  findFlightBagTotals, findFlightDeclarationsByCodes, findFlightHeader, readFlightDeclarationBatches, type ManifestRow,
} from './flight-files-queries';
import { bagManifestLines, manifestColumns, sheet, sheetName, xlsxBuffer } from './flight-files';

/*
 * Manifest upload (spec §2 "Kisələrlə toplu manifest", §3 "Manifest result", §7 POST flights/manifests):
 * a file of (bag, track code) rows is matched against the flight's parcels, and the found ones are
 * written as one manifest .xlsx per bag into a .zip under DATA_DIR/exports/manifests.
 */

const t = az.flightFilesUi;
/** A manifest archive is kept this long, then removed by a later upload. */
const KEEP_ZIP_MS = 7 * 24 * 3600 * 1000;

export function manifestDir(dataDir: string): string {
  return path.join(exportDir(dataDir), 'manifests');
}

export function manifestZipUrl(name: string): string {
  return `/api/admin/flights/manifests/download?file=${encodeURIComponent(name)}`;
}

/** The archive's path, only for a name the server could have made (no path traversal). */
export function manifestZipPath(dataDir: string, name: string): string {
  if (!MANIFEST_ZIP_NAME.test(name) || path.basename(name) !== name) throw notFound('file', t.manifestFileGone);
  const file = path.join(manifestDir(dataDir), name);
  if (!fs.existsSync(file)) throw notFound('file', t.manifestFileGone);
  return file;
}

// ---------------------------------------------------------------- reading the file

export interface ManifestEntry { bag: string; code: string }
export interface ManifestFile {
  /** Each code once, in file order, with the bag written beside it ('' when blank). */
  entries: ManifestEntry[];
  /** Every bag name the file names, in file order. */
  bags: string[];
}

const wrongFile = () => invalid({ document_file: [t.manifestWrongFile] });

const isHeaderCode = (v: string) => !TRACK_CODE_PATTERN.test(v) || /track|code|kod|izl/i.test(v);
/** A first row naming the columns: a bag title over an empty code column, or a code cell that is no code. */
const isManifestHeader = ([bag = '', code = '']: readonly string[]) => {
  const c = normalizeImportedCode(code);
  return c === '' ? /kis[əe]|bag/i.test(bag) : isHeaderCode(c);
};

/**
 * The (bag, code) rows of an uploaded .xlsx (first sheet) or .csv: column A the bag, column B the
 * track code or global track code (FDX prefix stripped); a header row is allowed. Any other shape is
 * refused (422) with a message that says what the file must look like; more than IMPORT_MAX_CODES
 * rows is a 422 as soon as the reader meets the next row (platform/import-reader.ts).
 */
export async function readManifestFile(file: unknown): Promise<ManifestFile> {
  if (!Buffer.isBuffer(file) || file.length === 0) throw invalid({ document_file: [t.manifestFileRequired] });
  const read = await readImportRows(file, { maxRows: IMPORT_MAX_CODES, columns: 2, isHeader: isManifestHeader });
  if (read === null) throw wrongFile();
  const entries: ManifestEntry[] = [];
  const seen = new Set<string>();
  const bags = new Set<string>();
  for (const [bag = '', rawCode = ''] of read.rows) {
    const code = normalizeImportedCode(rawCode);
    if (bag !== '') bags.add(bag);
    if (code === '') continue;
    if (!TRACK_CODE_PATTERN.test(code)) throw invalid({ document_file: [fill(t.manifestBadCode, { CODE: code.slice(0, 40) })] });
    if (seen.has(code)) continue;
    seen.add(code);
    entries.push({ bag, code });
  }
  if (!entries.length) throw invalid({ document_file: [t.manifestNoCodes] });
  return { entries, bags: [...bags] };
}

// ---------------------------------------------------------------- matching and the archive

/** The found parcels grouped by bag (the file's bag, else the parcel's own bag), and the codes found / not found. */
export function groupManifest(file: ManifestFile, rows: readonly ManifestRow[]) {
  const byCode = new Map<string, ManifestRow[]>();
  for (const r of rows) {
    for (const code of [r.trackCode, r.globalTrackCode]) {
      if (code) byCode.set(code, [...(byCode.get(code) ?? []), r]);
    }
  }
  const groups = new Map<string, ManifestRow[]>();
  const placed = new Set<number>();
  const found: string[] = [];
  const notFound: string[] = [];
  for (const { bag, code } of file.entries) {
    const matches = byCode.get(code);
    if (!matches) {
      notFound.push(code);
      continue;
    }
    found.push(code);
    for (const r of matches) {
      if (placed.has(r.id)) continue;
      placed.add(r.id);
      const name = bag || r.bag || t.noBag;
      groups.set(name, [...(groups.get(name) ?? []), r]);
    }
  }
  const emptyBags = file.bags.filter((b) => !groups.has(b));
  return { groups, found, notFound, emptyBags };
}

/** Bag names as file names inside the archive (unsafe characters replaced, each name once). */
function zipEntryNames(bags: readonly string[]): string[] {
  const used = new Set<string>();
  return bags.map((bag) => {
    const printable = [...bag].map((c) => (c < ' ' ? '_' : c)).join('');
    const base = printable.replace(/[\\/:*?"<>|]/g, '_').replace(/^\.+/, '_').slice(0, 100) || t.bag;
    let name = `${base}.xlsx`;
    for (let i = 2; used.has(name.toLowerCase()); i++) name = `${base}_${i}.xlsx`;
    used.add(name.toLowerCase());
    return name;
  });
}

/** Writes the archive atomically (a temporary name, then renamed); returns its name. */
async function writeManifestZip(dataDir: string, flightId: number, groups: Map<string, ManifestRow[]>): Promise<string> {
  const zip = new JSZip();
  const bags = [...groups.keys()];
  const names = zipEntryNames(bags);
  for (const [i, bag] of bags.entries()) {
    const lines = bagManifestLines(bag, groups.get(bag)!);
    const xlsx = await xlsxBuffer([sheet({ name: sheetName(bag), columns: manifestColumns(false), rows: (async function* () { yield lines; })() })]);
    zip.file(names[i]!, xlsx);
  }
  const dir = manifestDir(dataDir);
  await fs.promises.mkdir(dir, { recursive: true });
  await removeOldZips(dir);
  const name = `${FLIGHT_FILE_PREFIX.manifests}${flightId}_${randomBytes(8).toString('hex')}.zip`;
  const tmp = path.join(dir, `.${name}.part`);
  try {
    // The .xlsx files are zip-compressed already: stored as they are.
    await pipeline(zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'STORE' }), fs.createWriteStream(tmp));
    await fs.promises.rename(tmp, path.join(dir, name));
  } catch (err) {
    await fs.promises.rm(tmp, { force: true });
    throw err;
  }
  return name;
}

async function removeOldZips(dir: string): Promise<void> {
  const now = Date.now();
  for (const entry of await fs.promises.readdir(dir)) {
    const file = path.join(dir, entry);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > KEEP_ZIP_MS) await fs.promises.rm(file, { force: true });
  }
}

/**
 * POST flights/manifests: reads the file (422 for a wrong shape, nothing written), matches its codes
 * against the flight's parcels and writes the found ones as one manifest per bag into a .zip.
 */
export async function uploadManifests(db: Db, dataDir: string, flightId: number, document: unknown, timeZone: string): Promise<ManifestResult> {
  if (!(await findFlightHeader(db, flightId, timeZone))) throw notFound('flight_id');
  const file = await readManifestFile(document);
  const codes = file.entries.map((e) => e.code);
  const rows: ManifestRow[] = [];
  for (let i = 0; i < codes.length; i += 1000) rows.push(...(await findFlightDeclarationsByCodes(db, flightId, codes.slice(i, i + 1000))));
  const { groups, found, notFound: missing, emptyBags } = groupManifest(file, rows);
  const zipName = groups.size ? await writeManifestZip(dataDir, flightId, groups) : null;
  return {
    zip_url: zipName === null ? null : manifestZipUrl(zipName),
    empty_bags: emptyBags.length,
    archived_bags: zipName === null ? 0 : groups.size,
    bags: groups.size,
    found,
    not_found: missing,
  };
}

/**
 * GET flights/manifests_box?flight_id: every bag of the flight written as its manifest into one .zip
 * (the manifest result's counts): parcels in no bag are left out and counted as not found.
 */
export async function archiveFlightManifests(db: Db, dataDir: string, flightId: number, timeZone: string): Promise<ManifestBoxReply> {
  if (!(await findFlightHeader(db, flightId, timeZone))) throw notFound('flight_id');
  const bags = (await findFlightBagTotals(db, flightId)).filter((b) => b.name !== null);
  const groups = new Map<string, ManifestRow[]>();
  let found = 0;
  let withoutBag = 0;
  for await (const batch of readFlightDeclarationBatches(db, { flightId }, (ids) => Promise.resolve(ids))) {
    for (const r of batch) {
      if (r.bag === null) {
        withoutBag++;
        continue;
      }
      groups.set(r.bag, [...(groups.get(r.bag) ?? []), r]);
      found++;
    }
  }
  const zipName = groups.size ? await writeManifestZip(dataDir, flightId, groups) : null;
  return {
    data: {
      zip_url: zipName === null ? '' : manifestZipUrl(zipName),
      empty_bags: bags.filter((b) => b.count === 0).length,
      archived_bags: groups.size,
      bags: bags.length,
      found,
      not_found: withoutBag,
    },
  };
}
