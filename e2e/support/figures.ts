import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

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

/** The data table's 'Cəmi: 37' (or '37+' when capped) as a number, in the page or a part of it. */
export async function readTableTotal(page: Page, scope = page.locator('body')): Promise<number> {
  const text = await scope.getByTestId('table-total').first().innerText();
  const match = /(\d+)/.exec(text.replace(/\s/g, ''));
  if (!match) throw new Error(`no total in '${text}'`);
  return Number(match[1]);
}

/**
 * Moves the mouse over a chart, right to left, until its tooltip says a click opens rows; returns
 * the figure of the series the click would open (as the tooltip shows it).
 */
export async function hoverOpenablePoint(page: Page, chart: Locator): Promise<number> {
  const over = chart.locator('.u-over');
  await over.waitFor({ timeout: 30_000 });
  const box = (await over.boundingBox())!;
  const tooltip = chart.getByTestId('chart-tooltip');
  for (let fx = 0.97; fx > 0.02; fx -= 0.04) {
    for (const fy of [0.15, 0.5, 0.85]) {
      await page.mouse.move(box.x + box.width * fx, box.y + box.height * fy);
      if ((await tooltip.locator('[data-opens]').count()) === 0) continue;
      expect(await over.evaluate((el) => (el as HTMLElement).style.cursor)).toBe('pointer');
      return parseFigure(await tooltip.locator('[data-picked] > span').nth(2).innerText());
    }
  }
  throw new Error('no point of the chart opens rows');
}
