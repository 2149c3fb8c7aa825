import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startCustomsSimulator, type CustomsSimulator } from '../integrations/customs/simulator';
import { bearer, logInAs, startTestApp, type TestContext } from '../test/harness';

/*
 * Issue 14 item 4: the wire format real clients read, as a test. It reads the two files of
 * `../shared/spec/` (a sibling of the repository root, where the planners keep them current) or,
 * where that folder is absent (a clone elsewhere, CI), the copies committed in `docs/clients/`:
 *   api-fields-in-use.tsv   — method, path, field dot-path (`[]` = array items), type, note
 *   api-requests-in-use.tsv — method, path, place (query/multipart/path), field, type, note
 * and, for every endpoint of the fields file the app serves (matched against `app.routeTable`),
 * calls it as the admin on the demo data, with real ids for path and identity query parameters,
 * and checks each listed field's presence and type (`[]` paths on every row of the first page; null only where
 * the note says nullable, absence only where it says optional or gives a fallback). An endpoint
 * added later is checked automatically.
 *
 * Partial progress is explicit: `wire-format-gaps.json` lists, per endpoint, the fields not yet
 * delivered. The test fails when an endpoint misses a field that is not listed there (a
 * regression, or a new endpoint that doesn't conform) AND when a listed gap is delivered (so the
 * list only shrinks and stays honest). Regenerate it from the tree as it is:
 *   cd apps/api && WIRE_GAPS_WRITE=1 npx vitest run src/platform/wire-format.test.ts
 *
 * Writes are not called (they would need real forms and change the demo data), except the
 * read-only POSTs in SAFE_POSTS. The request side: every GET is also called with all the query
 * fields real clients send, with plausible values; a 422 naming one of them is a gap too.
 */

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = resolve(HERE, '../../../..');
const SHARED_SPEC_DIR = resolve(REPO_ROOT, '../shared/spec');
const SPEC_DIR = process.env.WIRE_SPEC_DIR
  ?? (existsSync(resolve(SHARED_SPEC_DIR, 'api-fields-in-use.tsv')) ? SHARED_SPEC_DIR : resolve(REPO_ROOT, 'docs/clients'));
const FIELDS_FILE = resolve(SPEC_DIR, 'api-fields-in-use.tsv');
const REQUESTS_FILE = resolve(SPEC_DIR, 'api-requests-in-use.tsv');
const GAPS_FILE = resolve(HERE, 'wire-format-gaps.json');
const WRITE_GAPS = process.env.WIRE_GAPS_WRITE === '1';
const HAS_SPEC = existsSync(FIELDS_FILE) && existsSync(REQUESTS_FILE);
if (!HAS_SPEC) console.warn(`[wire-format] skipped: the client field lists are not at ${SPEC_DIR} (set WIRE_SPEC_DIR)`);

/** GETs that change data (legacy paths): not called. */
const UNSAFE_GET = /\/(delete|remove|retry|run|truncate|cancel|customs_fin_change)(\/|$)/;
/** POSTs that only read: called like GETs. */
const SAFE_POSTS = new Set(['POST /api/admin/notification/count', 'POST /api/admin/charts/widget', 'POST /api/admin/charts/bystatus', 'POST /api/admin/client/track_code']);

interface FieldRow { method: string; path: string; field: string; type: string; note: string }
interface RequestRow { method: string; path: string; place: string; field: string; type: string; note: string }
/** `{ fields: { endpoint: { path: reason } }, requests: { endpoint: { field: reason } } }` */
interface Gaps { fields: Record<string, Record<string, string>>; requests: Record<string, Record<string, string>> }

function readTsv(file: string): string[][] {
  return readFileSync(file, 'utf8').split(/\r?\n/).slice(1).filter((l) => l.trim() !== '').map((l) => l.split('\t'));
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/** `/api/x/{id}` and `/api/x/:id` alike. */
const normalisePath = (path: string) => path.replace(/\{[^}]+\}|:[A-Za-z_]\w*/g, '{}');

// ---- what the note allows --------------------------------------------------------------------

const isOptional = (note: string) => /optional|missing ->|fallback|\belse\b|variant|only when|when present|not always|may be absent/i.test(note);
const isNullable = (note: string) => /nullable|null\b|or null|null\/empty/i.test(note);
const onFailureOnly = (field: string, note: string) =>
  /\bon (failure|4\d\d|400\/422|error)\b|error body|validation error/i.test(note) || field === 'errors' || field.startsWith('errors.') || field === 'error';
const notParsed = (field: string, type: string) => field === '(none)' || field === '(body)' || field === '(page)' || type === 'binary' || type === 'html' || type === '-';

const DECIMAL = /^-?\d+(\.\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

/** Why a value is not of the type clients treat it as, or null when it is. */
function typeProblem(value: unknown, type: string, note: string): string | null {
  const got = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
  const bad = (detail = got) => `expected ${type}, got ${detail}`;
  const numberOrString = /number or string|string or number/i.test(note);
  switch (type) {
    case 'array': return Array.isArray(value) ? null : bad();
    case 'object': return value !== null && typeof value === 'object' && !Array.isArray(value) ? null : bad();
    case 'number': return typeof value === 'number' || (numberOrString && typeof value === 'string') ? null : bad();
    case 'string': return typeof value === 'string' || (numberOrString && typeof value === 'number') ? null : bad();
    case 'boolean': return typeof value === 'boolean' ? null : bad();
    case 'number-as-string': return typeof value === 'string' && DECIMAL.test(value) ? null : bad(typeof value === 'string' ? JSON.stringify(value) : got);
    case 'date string': return typeof value === 'string' && DATE.test(value) ? null : bad(typeof value === 'string' ? JSON.stringify(value) : got);
    default: return null; // a type the file doesn't define: presence only
  }
}

// ---- walking a dot path with [] ----------------------------------------------------------------

interface Found { value: unknown; present: boolean; at: string }
/** Rows checked under each `[]`: the whole first page, so a null in any row shows on every run. */
const ROWS_CHECKED = 100;

/**
 * Every value the path reaches: `[]` fans out over the first rows, `{key}` over an object's values.
 * A branch whose intermediate value is null or absent where the file allows it (`canBeAbsent` of
 * that prefix) is dropped: its children can't be checked there.
 */
function resolvePath(root: unknown, path: string, canBeAbsent: (prefix: string, value: unknown) => boolean = () => false): { found: Found[]; emptyAt: string | null } {
  const segments = path.split('.');
  let current: Found[] = [{ value: root, present: true, at: '' }];
  let emptyAt: string | null = null;
  segments.forEach((raw, index) => {
    const isArray = raw.endsWith('[]');
    const name = isArray ? raw.slice(0, -2) : raw;
    const prefix = segments.slice(0, index + 1).join('.');
    const isLast = index === segments.length - 1;
    const next: Found[] = [];
    for (const f of current) {
      if (!f.present || f.value === null || typeof f.value !== 'object') { next.push({ value: undefined, present: false, at: f.at }); continue; }
      let items: Found[];
      if (name === '(root)') items = [{ value: f.value, present: true, at: f.at }];
      else if (/^\{.+\}$/.test(name)) items = Object.entries(f.value).slice(0, ROWS_CHECKED).map(([k, v]) => ({ value: v, present: true, at: `${f.at}.${k}` }));
      else {
        const obj = f.value as Record<string, unknown>;
        items = [{ value: obj[name], present: Object.prototype.hasOwnProperty.call(obj, name), at: f.at ? `${f.at}.${name}` : name }];
      }
      for (const item of items) {
        const absent = !item.present || item.value === null || item.value === undefined;
        if (!isLast && absent && canBeAbsent(isArray ? prefix.slice(0, -2) : prefix, item.present ? item.value : undefined)) continue;
        if (!isArray) { next.push(item); continue; }
        if (!item.present || !Array.isArray(item.value)) { next.push({ ...item, present: false }); continue; }
        if (item.value.length === 0) emptyAt ??= `${item.at}[]`;
        item.value.slice(0, ROWS_CHECKED).forEach((v, i) => next.push({ value: v, present: true, at: `${item.at}[${i}]` }));
      }
    }
    current = next;
  });
  return { found: current, emptyAt };
}

/** The field problems of one reply, by field path (empty when every listed field is delivered). */
function checkReply(body: unknown, rows: FieldRow[]): Record<string, string> {
  const problems: Record<string, string> = {};
  const byField = new Map(rows.map((r) => [r.field, r]));
  /** May this intermediate value be null (note: nullable) or absent (note: optional)? */
  const canBeAbsent = (prefix: string, value: unknown) => {
    const row = byField.get(prefix) ?? byField.get(`${prefix}[]`);
    if (!row) return false;
    return value === undefined ? isOptional(row.note) || isNullable(row.note) : isNullable(row.note) || isOptional(row.note);
  };
  for (const row of rows) {
    if (notParsed(row.field, row.type) || onFailureOnly(row.field, row.note)) continue;
    // `x[]  array` says x is an array (its rows are described by the `x[].…` lines), e.g. `(root)[]` of a bare array.
    if (row.field.endsWith('[]') && row.type === 'array') {
      const { found } = resolvePath(body, row.field.slice(0, -2), canBeAbsent);
      const bad = found.find((f) => !f.present || !Array.isArray(f.value));
      if (bad && !(isOptional(row.note) && !bad.present)) problems[row.field] = `expected an array at ${bad.at || '(root)'}`;
      continue;
    }
    const { found, emptyAt } = resolvePath(body, row.field, canBeAbsent);
    if (found.length === 0) {
      if (emptyAt && !isOptional(row.note)) problems[row.field] = `unverified: no rows at ${emptyAt}`;
      continue;
    }
    for (const f of found) {
      if (!f.present) {
        if (isOptional(row.note)) continue;
        problems[row.field] = `missing${f.at && f.at !== row.field ? ` (at ${f.at})` : ''}`;
        break;
      }
      if (f.value === null || f.value === undefined) {
        if (isNullable(row.note) || isOptional(row.note)) continue;
        problems[row.field] = `null at ${f.at}, not nullable`;
        break;
      }
      const problem = typeProblem(f.value, row.type, row.note);
      if (problem) { problems[row.field] = `${problem} at ${f.at}`; break; }
    }
  }
  return problems;
}

/**
 * Rows noted `group a / b; …` belong to those values of `group_id` (the ones the requests file lists); each group is checked with the
 * rows naming it plus the root rows that fit its shape (`data` object for object groups; array
 * groups are described by their `data[]` rows).
 */
function groupsOf(rows: FieldRow[], known: Set<string>): Map<string, FieldRow[]> {
  const byGroup = new Map<string, FieldRow[]>();
  const named = (note: string) => (/^group ([a-z_]+(?:\s*\/\s*[a-z_]+)*)/.exec(note)?.[1]?.split('/').map((g) => g.trim()) ?? []).filter((g) => known.has(g));
  for (const row of rows) for (const group of named(row.note)) byGroup.set(group, [...(byGroup.get(group) ?? []), row]);
  for (const [group, groupRows] of byGroup) {
    const isArray = groupRows.some((r) => r.field.includes('[]'));
    const roots = rows.filter((r) => named(r.note).length === 0 && !onFailureOnly(r.field, r.note) && (isArray ? r.type === 'array' : r.type !== 'array'));
    byGroup.set(group, [...roots, ...groupRows]);
  }
  return byGroup;
}

// ---- real ids for parameters -------------------------------------------------------------------

let ctx: TestContext;
let sim: CustomsSimulator;
let admin: Record<string, string>;
let tables: Set<string>;
const idCache = new Map<string, string | null>();

async function scalar(query: string): Promise<string | null> {
  try {
    const res = await ctx.database.db.execute(sql.raw(query));
    const row = (res as unknown as { rows: Record<string, unknown>[] }).rows[0];
    const value = row ? Object.values(row)[0] : null;
    return value === null || value === undefined ? null : String(value);
  } catch {
    return null;
  }
}

/** Table names a word may mean (`flights`, `declaration` → declarations, `box` → containers …). */
const TABLE_ALIASES: Record<string, string> = {
  declaration: 'declarations', combined: 'declarations', object: 'declarations', objectId: 'declarations', parcel: 'parcels', box: 'containers', container: 'containers',
  handover: 'handover_tasks', handover_task: 'handover_tasks', queue: 'handover_tasks', task: 'handover_tasks', log: 'audit_log', logs: 'audit_log',
  user: 'users', client: 'users', admin_branch: 'branches', branch: 'branches', country: 'countries', company: 'companies',
  tariff: 'tariffs', tariff_category: 'tariff_categories', plan_category: 'tariff_categories', product_type: 'product_types',
  shop: 'shop_names', shop_name: 'shop_names', state: 'statuses', status: 'statuses', cashbox: 'cash_registers', cashboxes: 'cash_registers',
  cashbox_operations: 'cash_operations', cashbox_operation: 'cash_operations', customs_tasks: 'customs_tasks', customs_task: 'customs_tasks', currency: 'currencies',
  return_reason: 'return_reasons', return_type: 'return_types', region: 'regions', coupon: 'coupons', cargo: 'cargoes', refund: 'refunds',
  cashback: 'cashbacks', basket: 'baskets', sorting: 'parcel_sortings', transfer: 'container_transfers', discount: 'user_discounts',
  user_discounts: 'user_discounts', operation: 'operations', permission: 'operations', model: 'models', job: 'jobs', export_task: 'export_tasks',
  conflicted_declaration: 'conflicted_declarations', post_declaration: 'post_declarations', united_returns: 'declaration_returns',
  returns: 'declaration_returns', flight: 'flights', tickets: 'tickets', states: 'statuses', v2: '',
};

function tableFor(word: string): string | null {
  const w = word.replace(/-/g, '_');
  const alias = TABLE_ALIASES[w];
  if (alias !== undefined) return alias && tables.has(alias) ? alias : null;
  for (const candidate of [w, `${w}s`, `${w}es`, w.replace(/y$/, 'ies'), w.replace(/s$/, '')]) if (tables.has(candidate)) return candidate;
  return null;
}

async function firstIdOf(table: string): Promise<string | null> {
  const key = `table:${table}`;
  if (!idCache.has(key)) {
    const where = (await scalar(`select 1 from information_schema.columns where table_name = '${table}' and column_name = 'deleted_at'`)) ? 'where deleted_at is null' : '';
    idCache.set(key, await scalar(`select id from ${table} ${where} order by id limit 1`));
  }
  return idCache.get(key) ?? null;
}

/** A real value for a parameter, by its name (and the endpoint's path for a bare `id`). */
async function valueFor(name: string, path: string): Promise<string | null> {
  const n = name.replace(/\[\]$/, '');
  if (n === 'model_id') return '2';
  // A marketplace parcel's track code where the path names it (parcel-states/{trackCode}): one with states.
  if (n === 'trackCode') return scalar('select track_code from marketplace_parcel_states order by id limit 1');
  if (n === 'track_code') return scalar('select track_code from declarations where deleted_at is null and track_code is not null order by id limit 1');
  // A user's permissions: a staff member who holds some (a customer holds none).
  if (n === 'user_id' && path.endsWith('/permissions')) return scalar('select user_id from user_permissions order by user_id limit 1');
  if (n === 'user_id' || n === 'client_id' || n === 'customer_id') return scalar('select user_id from declarations where deleted_at is null order by id limit 1');
  if (n === 'declaration_id' || n === 'object_id' || n === 'objectId') return firstIdOf('declarations');
  if (n === 'state_id' || n === 'status_id') return scalar('select status_id from declarations where deleted_at is null order by id limit 1');
  const base = n === 'id' ? null : n.replace(/(_id|Id|_ids)$/, '');
  // A record the demo declarations use most (a flight, bag or branch with parcels), else the first.
  // On flights a `box` is a bag (parcels table); elsewhere clients say box for a container.
  const column = base === 'box' ? (path.includes('/flights/') ? 'parcel_id' : 'container_id') : `${base}_id`;
  if (base !== null && (await scalar(`select 1 from information_schema.columns where table_name = 'declarations' and column_name = '${column}'`))) {
    const key = `declarations:${column}`;
    if (!idCache.has(key)) {
      idCache.set(key, await scalar(`select ${column} from declarations where ${column} is not null and deleted_at is null group by 1 order by count(*) desc, 1 limit 1`));
    }
    const used = idCache.get(key);
    if (used) return used;
  }
  if (base !== null) {
    const table = tableFor(base);
    return table ? firstIdOf(table) : null;
  }
  // A bare id: the first path segment after /api/<area>/ that names a table.
  for (const segment of path.split('/').slice(3)) {
    if (!segment || segment.startsWith('{') || segment.startsWith(':')) continue;
    const table = tableFor(segment);
    if (table) return firstIdOf(table);
  }
  return null;
}

/** The parameters that pick a record (not table filters): `id`, `*_id`, `track_code`, not filters. */
const isIdentity = (r: RequestRow) =>
  r.place === 'query' && /^(id|.*_id|.*Id|track_code)$/.test(r.field) && !/filter|table page|sorted column|only when|optional|action bar|joined|widget/i.test(r.note);

/** Plausible values for a query field, from its name and the note (formats, quoted values, 'one of'). */
async function plausible(r: RequestRow, path: string): Promise<string> {
  const isEnd = /(^end|To$|_to$|^to_|until)/i.test(r.field);
  if (r.field === 'page') return '1';
  if (r.field === 'per_page') return '25';
  if (r.field === 'sort_order') return 'desc';
  if (r.field === 'sort_column') return 'id';
  if (/date range/i.test(r.note)) return '2020-01-01 00:00:00,2030-12-31 23:59:59';
  if (/YYYY-MM-DD HH:mm(:ss)?/.test(r.note)) return isEnd ? '2030-12-31 23:59:59' : '2020-01-01 00:00:00';
  if (/DD\.MM\.YYYY HH:mm/.test(r.note)) return isEnd ? '31.12.2030 23:59' : '01.01.2020 00:00';
  if (/YYYY-MM-DD/.test(r.note)) return isEnd ? '2030-12-31' : '2020-01-01';
  if (/_date$|^date/.test(r.field)) return isEnd ? '2030-12-31' : '2020-01-01';
  if (/'1' or '0'|'1'\/'0'|0\/1/.test(r.note)) return '1';
  if (/'true'|true\/false|boolean/i.test(r.note) || r.type === 'boolean') return 'true';
  const oneOf = /one of:?\s*([A-Za-z0-9_-]+)/i.exec(r.note)?.[1];
  if (oneOf) return oneOf;
  if (r.field === 'currency' || r.field.endsWith('_currency')) return 'USD';
  if (r.field === 'gender') return 'male';
  const name = r.field.replace(/\[\]$/, '');
  if (/joined with ','/.test(r.note) && /_ids?$/.test(name)) {
    // Declarations combine only within one customer and country: two such ids.
    if (name === 'combined_id') {
      return (await scalar(`select string_agg(id::text, ',') from (select d.id from declarations d join (select user_id, country_id from declarations
        where deleted_at is null group by 1, 2 having count(*) > 1 order by 1, 2 limit 1) p using (user_id, country_id) where d.deleted_at is null order by d.id limit 2) t`)) ?? '1';
    }
    const table = tableFor(name.replace(/_ids?$/, ''));
    if (table) return (await scalar(`select string_agg(id::text, ',') from (select id from ${table} order by id limit 2) t`)) ?? '1';
  }
  if (/(_id|Id|^id|_ids)$/.test(name) || name === 'track_code') {
    const value = (await valueFor(r.field, path)) ?? '1';
    return value;
  }
  const quoted = /'([^',]+)'/.exec(r.note)?.[1];
  if (quoted && !/YYYY|HH|DD/.test(quoted)) return quoted;
  return '1';
}

// ---- the run -----------------------------------------------------------------------------------

interface Outcome { fields: Gaps['fields']; requests: Gaps['requests']; checked: number; notCalled: string[] }

async function call(method: string, url: string, query: Record<string, string>) {
  const qs = new URLSearchParams(query).toString();
  return ctx.app.inject({ method: method as 'GET', url: qs ? `${url}?${qs}` : url, headers: admin });
}

async function runAll(): Promise<Outcome> {
  const fieldRows: FieldRow[] = readTsv(FIELDS_FILE).map(([method = '', path = '', field = '', type = '', note = '']) => ({ method, path, field, type, note }));
  const requestRows: RequestRow[] = readTsv(REQUESTS_FILE).map(([method = '', path = '', place = '', field = '', type = '', note = '']) => ({ method, path, place, field, type, note }));
  const requestsByEndpoint = groupBy(requestRows, (r) => `${r.method} ${normalisePath(r.path)}`);
  const routes = new Map(ctx.app.routeTable.map((r) => [`${r.method} ${normalisePath(r.url)}`, r]));
  const outcome: Outcome = { fields: {}, requests: {}, checked: 0, notCalled: [] };

  for (const [endpoint, rows] of groupBy(fieldRows, (r) => `${r.method} ${r.path}`)) {
    const [method = 'GET', path = ''] = endpoint.split(' ');
    const key = `${method} ${normalisePath(path)}`;
    const route = routes.get(key);
    if (!route) continue; // not served (yet)
    if ((method !== 'GET' && !SAFE_POSTS.has(endpoint)) || (method === 'GET' && UNSAFE_GET.test(path))) { outcome.notCalled.push(endpoint); continue; }
    outcome.checked++;

    // Path parameters and the identity query parameters, with real ids.
    let url = route.url;
    for (const param of route.url.match(/:[A-Za-z_]\w*/g) ?? []) url = url.replace(param, (await valueFor(param.slice(1), path)) ?? '1');
    const requests = requestsByEndpoint.get(key) ?? [];
    const query: Record<string, string> = {};
    for (const r of requests.filter(isIdentity)) query[r.field] = (await valueFor(r.field, path)) ?? '1';

    let res = await call(method, url, query);
    // A parameter the route requires and the identity guess missed: fill what the 422 names.
    for (let retry = 0; retry < 2 && res.statusCode === 422; retry++) {
      const missing = Object.keys((res.json() as { errors?: Record<string, unknown> }).errors ?? {});
      if (missing.length === 0) break;
      for (const name of missing) {
        const row = requests.find((r) => r.field === name);
        query[name] = row ? await plausible(row, path) : ((await valueFor(name, path)) ?? '1');
      }
      res = await call(method, url, query);
    }
    const problems: Record<string, string> = {};
    // A JSON reply's shape is declared once, as the route's zod reply schema (the OpenAPI document's source).
    if (!route.replySchema && String(res.headers['content-type'] ?? '').includes('json') && res.statusCode < 300) {
      problems['(schema)'] = 'no reply schema: the OpenAPI document does not show this shape';
    }
    if (res.statusCode < 200 || res.statusCode >= 300) {
      problems['(status)'] = `no 2xx reply: ${res.statusCode} ${res.body.slice(0, 160)}`;
    } else if (rows.some((r) => !notParsed(r.field, r.type) && !onFailureOnly(r.field, r.note))) {
      const groupIds = /one of: ([^.]+)/.exec(requests.find((r) => r.field === 'group_id' && r.place === 'query')?.note ?? '')?.[1]?.split(',').map((g) => g.trim());
      const groups = groupsOf(rows, new Set(groupIds ?? []));
      if (groups.size > 0) {
        // One endpoint, several shapes by `group_id` (settings/data): each group's fields, from a call for that group.
        for (const [group, groupRows] of groups) {
          const reply = await call(method, url, { ...query, group_id: group });
          if (reply.statusCode < 200 || reply.statusCode >= 300) { problems[`(status ${group})`] = `no 2xx reply: ${reply.statusCode} ${reply.body.slice(0, 160)}`; continue; }
          Object.assign(problems, checkReply(reply.json(), groupRows));
        }
      } else {
        let body: unknown;
        try {
          body = res.json();
        } catch {
          body = undefined;
        }
        if (body === undefined) problems['(json)'] = `reply is not JSON (${String(res.headers['content-type'])})`;
        else Object.assign(problems, checkReply(body, rows));
      }
    }
    if (Object.keys(problems).length > 0) outcome.fields[endpoint] = problems;

    // The request side: every query field real clients send, at once, must not be refused by name.
    if (method === 'GET') {
      // Sorting where the client's table has it disabled is never sent.
      const sent = requests.filter((r) => r.place === 'query' && !(/^sort_/.test(r.field) && /sorting disabled/i.test(r.note)));
      if (sent.length > 0) {
        const full: Record<string, string> = { ...query };
        for (const r of sent) full[r.field] ??= await plausible(r, path);
        const reply = await call(method, url, full);
        if (reply.statusCode === 422) {
          const errors = (reply.json() as { errors?: Record<string, string[]> }).errors ?? {};
          const refused: Record<string, string> = {};
          for (const [name, texts] of Object.entries(errors)) if (name in full) refused[name] = `422 for ${JSON.stringify(full[name])}: ${texts.join(', ')}`;
          if (Object.keys(refused).length === 0) refused['(422)'] = `422 naming no sent field: ${Object.keys(errors).join(', ')}`;
          outcome.requests[endpoint] = refused;
        } else if (reply.statusCode >= 500) {
          outcome.requests[endpoint] = { '(status)': `${reply.statusCode} with the client's query fields` };
        }
      }
    }
  }
  return outcome;
}

function sorted<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

/** Differences between what the run found and what the gaps file says, as readable lines. */
function compare(found: Record<string, Record<string, string>>, known: Record<string, Record<string, string>>, label: string) {
  const regressions: string[] = [];
  const delivered: string[] = [];
  for (const [endpoint, problems] of Object.entries(found)) {
    for (const [field, reason] of Object.entries(problems)) if (!known[endpoint]?.[field]) regressions.push(`${label} ${endpoint} ${field}: ${reason}`);
  }
  for (const [endpoint, fields] of Object.entries(known)) {
    for (const field of Object.keys(fields)) if (!found[endpoint]?.[field]) delivered.push(`${label} ${endpoint} ${field}`);
  }
  return { regressions, delivered };
}

let outcome: Outcome;

describe.skipIf(!HAS_SPEC)('[PLATFORM][WIRE FORMAT] every reply in the shape real clients read (issue 14)', () => {
  beforeAll(async () => {
    // The customs link up (its replies are part of the format), on the customs service's simulator.
    sim = await startCustomsSimulator({ declareAfterMs: 3_600_000, declareRatio: 1 });
    ctx = await startTestApp({
      customers: 20, declarations: 120, seed: 0.14,
      env: { CUSTOMS_BASE_URL: sim.url, CUSTOMS_API_KEY: sim.apiKey, CUSTOMS_TIMEOUT_MS: '1000', CUSTOMS_RETRIES: '1', CUSTOMS_RETRY_SECONDS: '1' },
    });
    admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
    const res = await ctx.database.db.execute(sql`select table_name from information_schema.tables where table_schema = current_schema()`);
    tables = new Set((res as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name));
    outcome = await runAll();
    if (WRITE_GAPS) {
      const gaps: Gaps = { fields: sorted(outcome.fields), requests: sorted(outcome.requests) };
      writeFileSync(GAPS_FILE, `${JSON.stringify(gaps, null, 2)}\n`);
      console.info(`[wire-format] wrote ${GAPS_FILE}`);
    }
    const gapCount = Object.values(outcome.fields).reduce((n, p) => n + Object.keys(p).length, 0);
    console.info(`[wire-format] ${outcome.checked} endpoints checked, ${Object.keys(outcome.fields).length} with ${gapCount} field gaps, `
      + `${Object.keys(outcome.requests).length} with request gaps; ${outcome.notCalled.length} served writes not called`);
  }, 180_000);
  afterAll(async () => {
    await ctx?.close();
    await sim?.close();
  });

  const known = (): Gaps => (existsSync(GAPS_FILE) ? (JSON.parse(readFileSync(GAPS_FILE, 'utf8')) as Gaps) : { fields: {}, requests: {} });

  test('the served endpoints of the fields file were checked', () => {
    expect(outcome.checked).toBeGreaterThan(0);
  });

  test('reply fields: no endpoint misses a field beyond the known gaps, and no listed gap is already delivered', () => {
    const { regressions, delivered } = compare(outcome.fields, known().fields, 'reply');
    expect(regressions, 'fields clients read that our reply misses (fix the reply; not by adding to the gaps file)').toEqual([]);
    expect(delivered, `delivered: remove from ${GAPS_FILE} (or rerun with WIRE_GAPS_WRITE=1)`).toEqual([]);
  });

  test('request fields: the query fields clients send are not refused by name beyond the known gaps', () => {
    const { regressions, delivered } = compare(outcome.requests, known().requests, 'request');
    expect(regressions, 'query fields clients send that we refuse').toEqual([]);
    expect(delivered, `delivered: remove from ${GAPS_FILE} (or rerun with WIRE_GAPS_WRITE=1)`).toEqual([]);
  });

  test('the checker itself: types, nullable and optional notes, [] rows', () => {
    const rows: FieldRow[] = [
      { method: 'GET', path: '/x', field: 'data', type: 'array', note: '' },
      { method: 'GET', path: '/x', field: 'data[].id', type: 'number', note: '' },
      { method: 'GET', path: '/x', field: 'data[].price', type: 'number-as-string', note: 'parseFloat' },
      { method: 'GET', path: '/x', field: 'data[].created_at', type: 'date string', note: '' },
      { method: 'GET', path: '/x', field: 'data[].flight', type: 'object', note: 'nullable' },
      { method: 'GET', path: '/x', field: 'data[].flight.id', type: 'number', note: '' },
      { method: 'GET', path: '/x', field: 'data[].sort', type: 'number', note: 'optional' },
      { method: 'GET', path: '/x', field: 'total', type: 'number', note: '' },
      { method: 'GET', path: '/x', field: 'errors', type: 'object', note: 'on failure' },
    ];
    const good = { data: [{ id: 1, price: '12.50', created_at: '2026-01-02 10:00:00', flight: null }, { id: 2, price: '0', created_at: '2026-01-02', flight: { id: 3 } }], total: 2 };
    expect(checkReply(good, rows)).toEqual({});
    const bad = { data: [{ id: '1', price: 12.5, created_at: '2026-01-02T10:00:00Z', flight: { name: 'x' } }] };
    expect(Object.keys(checkReply(bad, rows)).sort()).toEqual(['data[].created_at', 'data[].flight.id', 'data[].id', 'data[].price', 'total']);
    expect(checkReply({ data: [], total: 0 }, rows)).toMatchObject({ 'data[].id': expect.stringContaining('unverified') });
    // a bare array at the root: `(root)[]  array` is the root itself
    const bare: FieldRow[] = [
      { method: 'GET', path: '/y', field: '(root)[]', type: 'array', note: 'bare array at the root' },
      { method: 'GET', path: '/y', field: '(root)[].id', type: 'number', note: '' },
    ];
    expect(checkReply([{ id: 1 }, { id: 2 }], bare)).toEqual({});
    expect(Object.keys(checkReply({ data: [{ id: 1 }] }, bare)).sort()).toEqual(['(root)[]', '(root)[].id']);
  });
});
