import type { DeclarationTimelineEntry } from '@app/contract/declarations';
import { describe, expect, test } from 'vitest';
import { mergeTimeline } from './merge-timeline';

const nigar = { id: 3, name: 'Nigar Əliyeva' };
const entry = (id: string, action: string, at: string, extra: Partial<DeclarationTimelineEntry> = {}): DeclarationTimelineEntry => ({
  id, action, status: null, branch: null, declaration: { id: 1, trackCode: 'AZ1' }, changer: nigar, note: null, changes: null, created_at: at, ...extra,
});

describe('[DECLARATIONS][TIMELINE] one line per change: who, when, what', () => {
  test('a status row and its audit row become one, with the audit action and the new status', () => {
    const merged = mergeTimeline([
      entry('status:1', 'declaration.state', '2026-11-22 11:14:54', { status: { id: 7, name: 'Xarici anbarda' } }),
      entry('audit:1', 'declaration.create', '2026-11-22 11:14:54'),
      entry('audit:2', 'declaration.edit', '2026-11-22 11:14:57'),
      entry('status:2', 'declaration.state', '2026-11-22 11:15:06', { status: { id: 88, name: 'Gömrükdə saxlanılıb' }, note: 'Sənəd' }),
      entry('audit:3', 'declaration.state', '2026-11-22 11:15:06', { note: 'Sənəd' }),
    ]);
    expect(merged.map((e) => [e.action, e.status?.id ?? null, e.note])).toEqual([
      ['declaration.create', 7, null],
      ['declaration.edit', null, null],
      ['declaration.state', 88, 'Sənəd'],
    ]);
  });

  test('changes by different people at the same second stay apart', () => {
    const merged = mergeTimeline([
      entry('status:1', 'declaration.state', '2026-11-22 11:00:00', { status: { id: 9, name: 'Yerli anbarda' } }),
      entry('audit:1', 'declaration.edit', '2026-11-22 11:00:00', { changer: { id: 4, name: 'Başqa' } }),
    ]);
    expect(merged).toHaveLength(2);
  });
});
