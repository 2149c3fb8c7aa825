import { canOpenPath, toSectionPath, type NavUser } from '../../../app/navigation';

/**
 * Whether the viewer may open a link's page (its path under /@next, query and hash aside), by the
 * same rule as the sidebar and the route guard: a figure that links to a section the viewer is
 * refused there ('Bu bölməyə giriş icazəniz yoxdur') stays plain text (H6 findings 1 and 3).
 * A path no section covers is not refused by the guard, so it is not refused here either.
 */
export function canOpenLink(user: NavUser, to: string): boolean {
  const path = to.split(/[?#]/, 1)[0] ?? '';
  return canOpenPath(user, toSectionPath(path)) !== false;
}

/** The link when the viewer may open it, else undefined (the figure is shown without a link). */
export function permittedLink(user: NavUser | null | undefined, to: string | null | undefined): string | undefined {
  if (!to) return undefined;
  return !user || canOpenLink(user, to) ? to : undefined;
}
