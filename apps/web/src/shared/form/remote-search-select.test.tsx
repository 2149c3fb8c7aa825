import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import {
  RemoteSearchSelect,
  findExactOption,
  listShownOptions,
  rankExactFirst,
  type RemoteOption,
  type RemoteResults,
} from './remote-search-select';

const customer = (id: number, code: string, name: string): RemoteOption => ({
  value: id,
  label: `#${id} - ${name}`,
  exactKeys: [code, `#${id}`, String(id)],
});
// 100012 is a prefix of 1000120 and 1000125; the server lists them by name, so the exact one is not first.
const ALI = customer(7, '1000120', 'Ağa Əliyev');
const BABA = customer(8, '1000125', 'Babək Quliyev');
const EXACT = customer(12, '100012', 'Zeynəb Məmmədova');
const RESULTS_100012 = [ALI, BABA, EXACT];

describe('[FORM][REMOTE-SELECT] issue 16: an exact code wins', () => {
  test('the option whose code equals the text is found, before one whose id equals it', () => {
    expect(findExactOption(RESULTS_100012, '100012')).toBe(EXACT);
    expect(findExactOption(RESULTS_100012, ' 100012 ')).toBe(EXACT);
    expect(findExactOption(RESULTS_100012, '10001')).toBeUndefined();
    const idTwelve = customer(100012, '999', 'Id equals the text');
    expect(findExactOption([idTwelve, EXACT], '100012')).toBe(EXACT);
    expect(findExactOption([ALI, EXACT], '#7')).toBe(ALI);
  });

  test('the exact match is listed first; without one the order stays', () => {
    expect(rankExactFirst(RESULTS_100012, '100012').map((o) => o.value)).toEqual([12, 7, 8]);
    expect(rankExactFirst(RESULTS_100012, '1000').map((o) => o.value)).toEqual([7, 8, 12]);
  });

  test('results of another text are never shown (they could be picked by Enter)', () => {
    expect(listShownOptions('100012', '1000', RESULTS_100012)).toBeNull();
    expect(listShownOptions('100012', '100012', undefined)).toBeNull();
    expect(listShownOptions('100012 ', '100012', RESULTS_100012)?.[0]).toBe(EXACT);
  });
});

/** A fake server: '' answers the first customers by name; a text answers after `delayMs`. */
function makeServer(delayMs: number) {
  const answers: Record<string, RemoteOption[]> = { '': [ALI, BABA], '100012': RESULTS_100012 };
  const cache = new Map<string, RemoteOption[]>([['', answers['']!]]);
  const fetchResults = vi.fn(
    (search: string) =>
      new Promise<RemoteOption[]>((resolve) =>
        setTimeout(() => {
          const options = answers[search] ?? [];
          cache.set(search, options);
          resolve(options);
        }, delayMs),
      ),
  );
  function useResults(search: string): RemoteResults {
    const [, rerender] = useState(0);
    const options = cache.get(search);
    if (!options) void fetchResults(search).then(() => rerender((n) => n + 1));
    return { options, isFetching: !options };
  }
  return { useResults, fetchResults };
}

function Harness({ server, onPick }: { server: ReturnType<typeof makeServer>; onPick: (id: number | null) => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <RemoteSearchSelect
      aria-label="Müştəri"
      value={value}
      onChange={(next) => {
        setValue(next);
        onPick(next);
      }}
      useResults={server.useResults}
      fetchResults={server.fetchResults}
      debounceMs={300}
    />
  );
}

describe('[FORM][REMOTE-SELECT] typing a code and Enter at once', { timeout: 30_000 }, () => {
  test('picks the customer with exactly that code once its results arrive, not the first option shown before', async () => {
    const server = makeServer(80);
    const onPick = vi.fn();
    render(<Harness server={server} onPick={onPick} />);
    const input = screen.getByRole('combobox', { name: 'Müştəri' });
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '100012' } });
    // Enter long before the debounce ends: the list still held the first customers ('' results).
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onPick).not.toHaveBeenCalled();
    await waitFor(() => expect(onPick).toHaveBeenCalledWith(EXACT.value));
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(server.fetchResults).toHaveBeenCalledWith('100012');
  });

  test('a text with no exact match picks nothing on an early Enter', async () => {
    const server = makeServer(30);
    const onPick = vi.fn();
    render(<Harness server={server} onPick={onPick} />);
    const input = screen.getByRole('combobox', { name: 'Müştəri' });
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '10001' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 120)));
    expect(onPick).not.toHaveBeenCalled();
  });

  test('while the typed text has no results yet, the list says it is searching and offers nothing', async () => {
    const server = makeServer(200);
    render(<Harness server={server} onPick={() => undefined} />);
    const input = screen.getByRole('combobox', { name: 'Müştəri' });
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '100012' } });
    expect(await screen.findByTestId('remote-select-searching')).toBeTruthy();
    expect(screen.queryByText(ALI.label)).toBeNull();
  });
});
