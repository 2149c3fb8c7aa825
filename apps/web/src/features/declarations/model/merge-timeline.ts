import type { DeclarationTimelineEntry } from '@app/contract/declarations';

const SAME_MOMENT_MS = 1500;

function isStatusEntry(entry: DeclarationTimelineEntry): boolean {
  return entry.id.startsWith('status:');
}

function isSameChange(status: DeclarationTimelineEntry, audit: DeclarationTimelineEntry): boolean {
  const apart = Math.abs(Date.parse(status.created_at.replace(' ', 'T')) - Date.parse(audit.created_at.replace(' ', 'T')));
  return apart <= SAME_MOMENT_MS && status.changer?.id === audit.changer?.id;
}

/**
 * The server lists a change twice, once from the status history and once from the audit log: show
 * it once, with the audit's action ("created", "status changed") and the status it led to.
 */
export function mergeTimeline(entries: readonly DeclarationTimelineEntry[]): DeclarationTimelineEntry[] {
  const used = new Set<string>();
  const merged: DeclarationTimelineEntry[] = [];
  for (const entry of entries) {
    if (used.has(entry.id)) continue;
    if (!isStatusEntry(entry)) {
      const status = entries.find((other) => isStatusEntry(other) && !used.has(other.id) && isSameChange(other, entry));
      if (status) {
        used.add(status.id);
        merged.push({ ...entry, status: status.status, note: entry.note ?? status.note });
        continue;
      }
    } else {
      const audit = entries.find((other) => !isStatusEntry(other) && !used.has(other.id) && isSameChange(entry, other));
      if (audit) {
        used.add(audit.id);
        merged.push({ ...audit, status: entry.status, note: audit.note ?? entry.note });
        continue;
      }
    }
    merged.push(entry);
  }
  return merged;
}
