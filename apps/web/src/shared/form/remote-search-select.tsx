import { az } from '@app/contract/texts/az';
import { Select, Space, Spin, type SelectProps } from 'antd';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useDebouncedValue } from '../hooks/use-debounced-value';

/** An option found by the server; `exactKeys` are the texts that name it exactly (a code, '#id'). */
export interface RemoteOption {
  value: number;
  label: string;
  exactKeys: readonly string[];
}

/** What the server answered for one search text. */
export interface RemoteResults {
  /** The options for `search`; undefined while they have not arrived. */
  options: readonly RemoteOption[] | undefined;
  isFetching: boolean;
}

const normalize = (text: string) => text.trim().toLocaleLowerCase('az');

/**
 * The option the typed text names exactly, or undefined. Earlier keys weigh more: a customer code
 * equal to the text wins over an id equal to it (`exactKeys` lists the code first).
 */
export function findExactOption<T extends RemoteOption>(options: readonly T[], typed: string): T | undefined {
  const text = normalize(typed);
  if (!text) return undefined;
  const depth = Math.max(0, ...options.map((option) => option.exactKeys.length));
  for (let k = 0; k < depth; k += 1) {
    const hit = options.find((option) => option.exactKeys[k] !== undefined && normalize(option.exactKeys[k] as string) === text);
    if (hit) return hit;
  }
  return undefined;
}

/** The options with the exact match first (issue 16: Enter picks what was typed, not whatever sorts first). */
export function rankExactFirst<T extends RemoteOption>(options: readonly T[], typed: string): T[] {
  const exact = findExactOption(options, typed);
  return exact ? [exact, ...options.filter((option) => option !== exact)] : [...options];
}

/**
 * The options shown for what is typed now: only results of exactly that text count. While the
 * results of the typed text have not arrived (the debounce, the request) nothing is shown, so Enter
 * or Tab cannot pick an option left over from an earlier text.
 */
export function listShownOptions<T extends RemoteOption>(typed: string, resultsFor: string, options: readonly T[] | undefined): T[] | null {
  if (options === undefined || typed.trim() !== resultsFor) return null;
  return rankExactFirst(options, typed);
}

export type RemoteSearchSelectProps = Omit<
  SelectProps<number | undefined, RemoteOption>,
  'value' | 'onChange' | 'options' | 'showSearch' | 'filterOption' | 'onSearch' | 'searchValue'
> & {
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The server's options for a search text ('' = the options to show before typing). A hook. */
  useResults: (search: string) => RemoteResults;
  /** The same options fetched at once (from the cache when `useResults` has them): a pick on Enter. */
  fetchResults: (search: string) => Promise<readonly RemoteOption[]>;
  /** The chosen option's label while it is not among the results (an edited record). */
  initialOption?: RemoteOption;
  debounceMs?: number;
};

/**
 * A select that asks the server as the user types (customers …), safe for fast keyboards (issue 16):
 * - an option left over from an earlier text is never shown, so never picked;
 * - the option whose code or id equals the typed text is listed first, so Enter picks it;
 * - Enter (or Tab) pressed before the results of the typed text arrive asks for them at once and
 *   picks the exact match when they come; with no exact match nothing is picked.
 */
export function RemoteSearchSelect({ value, onChange, useResults, fetchResults, initialOption, debounceMs = 300, loading, ...rest }: RemoteSearchSelectProps) {
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const [picked, setPicked] = useState<RemoteOption | undefined>(undefined);
  const [isOpen, setOpen] = useState(false);
  const debounced = useDebouncedValue(typed.trim(), debounceMs);
  // A pending pick asks for its own text straight away, not after the debounce.
  const searchFor = pending ?? debounced;
  const results = useResults(searchFor);
  // The text whose pick waits for its results (read in handlers only).
  const pendingRef = useRef<string | null>(null);

  const setPendingText = (text: string | null) => {
    pendingRef.current = text;
    setPending(text);
  };
  const pick = (option: RemoteOption | undefined) => {
    setPendingText(null);
    setPicked(option);
    onChange?.(option ? option.value : null);
  };
  /** Enter/Tab before the results came: fetch them now and take the exact match only. */
  const pickWhenArrived = (text: string) => {
    setPendingText(text);
    fetchResults(text).then(
      (options) => {
        if (pendingRef.current !== text) return; // typed on meanwhile: that text decides
        const exact = findExactOption(options, text);
        setPendingText(null);
        if (!exact) return;
        pick(exact);
        setTyped('');
        setOpen(false); // as a pick with the mouse closes the list
      },
      () => {
        if (pendingRef.current === text) setPendingText(null);
      },
    );
  };

  const selected = [picked, initialOption].find((option) => option !== undefined && option.value === value);
  const shown = useMemo(() => {
    if (!typed.trim()) {
      const list = searchFor === '' ? [...(results.options ?? [])] : [];
      return selected && !list.some((option) => option.value === selected.value) ? [selected, ...list] : list;
    }
    return listShownOptions(typed, searchFor, results.options);
  }, [typed, searchFor, results.options, selected]);
  const isWaiting = shown === null || pending !== null;

  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.key !== 'Enter' && event.key !== 'Tab') || !typed.trim() || !isWaiting) return;
    // The list shows nothing for this text yet: remember the wish and pick the exact match when it arrives.
    pickWhenArrived(typed.trim());
    event.stopPropagation();
    if (event.key === 'Enter') event.preventDefault();
  };

  return (
    <div onKeyDownCapture={onKeyDownCapture}>
      <Select<number | undefined, RemoteOption>
        allowClear
        {...rest}
        value={value ?? undefined}
        open={isOpen}
        onOpenChange={setOpen}
        onChange={(_, option) => pick(Array.isArray(option) ? option[0] : option)}
        options={shown ?? []}
        loading={loading ?? (results.isFetching || isWaiting)}
        showSearch={{
          filterOption: false,
          searchValue: typed,
          onSearch: (text) => {
            setTyped(text);
            // Typing another text drops a pending pick; the '' of a closing list keeps it (Tab).
            if (pendingRef.current !== null && text.trim() !== '' && text.trim() !== pendingRef.current) setPendingText(null);
          },
        }}
        notFoundContent={
          isWaiting ? (
            <Space size={8} data-testid="remote-select-searching">
              <Spin size="small" />
              {az.form.searching}
            </Space>
          ) : (
            az.table.empty
          )
        }
      />
    </div>
  );
}
