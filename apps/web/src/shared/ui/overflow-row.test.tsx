import { Button } from 'antd';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { countFitting, flattenItems, OverflowRow } from './overflow-row';

describe('[TOOLBAR][ROW] one row of buttons; what does not fit goes into "more" (issue 16)', { timeout: 30_000 }, () => {
  test('as many buttons as fit with room left for the more button; all of them when they all fit', () => {
    expect(countFitting([100, 100, 100], 316)).toBe(3);
    expect(countFitting([100, 100, 100, 100], 300)).toBe(2);
    expect(countFitting([400], 300)).toBe(0);
  });

  test('a fragment of buttons with conditions counts each shown button once', () => {
    const isAdmin = false;
    const items = flattenItems(
      <>
        <Button>Yeni</Button>
        {isAdmin && <Button>Sil</Button>}
        <>
          <Button>Export</Button>
          <Button>İdxal</Button>
        </>
      </>,
    );
    expect(items).toHaveLength(3);
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  test('with room for two of four buttons, two stay in the row and the other two open from "more", each in one place only', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(100);
    // a browser reports each watched box once laid out (here only the row's, antd's own boxes stay quiet)
    vi.stubGlobal('ResizeObserver', class {
      constructor(private readonly report: (entries: unknown[]) => void) {}
      observe(target: HTMLElement) {
        if (target.dataset.testid === 'row') queueMicrotask(() => act(() => this.report([])));
      }
      unobserve() {}
      disconnect() {}
    });
    const onExport = vi.fn();
    render(
      <OverflowRow moreLabel="Digər əməliyyatlar" testId="row">
        <Button>Yeni</Button>
        <Button>İdxal</Button>
        <Button onClick={onExport}>Export</Button>
        <Button>CSV</Button>
      </OverflowRow>,
    );
    const row = screen.getByTestId('row');
    await screen.findByRole('button', { name: 'Digər əməliyyatlar' });
    expect(within(row).getAllByRole('button').map((b) => b.textContent || b.getAttribute('aria-label'))).toEqual(['Yeni', 'İdxal', 'Digər əməliyyatlar']);
    expect(screen.queryByText('Export')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Digər əməliyyatlar' }));
    const more = screen.getByTestId('row-more-items');
    expect(within(more).getAllByRole('button').map((b) => b.textContent)).toEqual(['Export', 'CSV']);
    fireEvent.click(within(more).getByText('Export'));
    expect(onExport).toHaveBeenCalledOnce();
    expect(screen.getAllByText('Export')).toHaveLength(1);
  });
});
