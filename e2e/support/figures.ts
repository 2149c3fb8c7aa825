/**
 * A statistics figure as the screens write it (issue 19 item 5, Azerbaijani format): thousands
 * grouped by a (no-break) space, a decimal comma, a unit after: '10 000', '4 835 909,62 $'. Returns
 * the exact number, or NaN when the text is not such a figure (so a comparison fails loudly).
 */
export function parseFigure(text: string): number {
  const match = /^(-?\d{1,3}(?:[\s\u00a0]\d{3})*|-?\d+)(?:,(\d+))?(?:\s*\S+)?$/.exec(text.trim());
  if (!match) return Number.NaN;
  return Number(`${match[1]!.replace(/[\s\u00a0]/g, '')}${match[2] ? `.${match[2]}` : ''}`);
}

/** Whether a text reads as a whole figure ('10 000'), so a poll can wait for it. */
export const FIGURE_COUNT = /^\d{1,3}(?:[\s\u00a0]\d{3})*$/;
