import { EllipsisOutlined } from '@ant-design/icons';
import { Button, Flex, Popover } from 'antd';
import './overflow-row.css';
import { Children, Fragment, isValidElement, useLayoutEffect, useRef, useState, type CSSProperties, type Key, type MouseEvent, type ReactElement, type ReactNode } from 'react';

const GAP = 8;
/** The "more" button (32 px) and its gap, kept free when something has to move into it. */
const MORE_WIDTH = 32 + GAP;

/** Buttons given as one node (often a fragment with conditions): each button is one item. */
export function flattenItems(node: ReactNode): { key: Key; node: ReactNode }[] {
  const items: { key: Key; node: ReactNode }[] = [];
  const visit = (children: ReactNode, prefix: string) => {
    Children.toArray(children).forEach((child, index) => {
      if (isValidElement(child) && child.type === Fragment) {
        visit((child as ReactElement<{ children?: ReactNode }>).props.children, `${prefix}${String(child.key ?? index)}/`);
      } else {
        items.push({ key: `${prefix}${isValidElement(child) && child.key != null ? child.key : index}`, node: child });
      }
    });
  };
  visit(node, '');
  return items;
}

/** How many items fit in `available` px, given their widths: all of them, or as many as leave room for the "more" button. */
export function countFitting(widths: readonly number[], available: number): number {
  // an empty slot (0 px) is hidden and takes no gap either
  const room = (width: number, isFirst: boolean) => (width > 0 ? width + (isFirst ? 0 : GAP) : 0);
  let total = 0;
  widths.forEach((width) => {
    total += room(width, total === 0);
  });
  if (total <= available) return widths.length;
  let used = 0;
  for (let index = 0; index < widths.length; index += 1) {
    used += room(widths[index] ?? 0, used === 0);
    if (used + MORE_WIDTH > available) return index;
  }
  return widths.length;
}

interface OverflowRowProps {
  children: ReactNode;
  /** The accessible name and tooltip of the "more" button. */
  moreLabel: string;
  testId?: string;
  /** The row's own box (it takes the room left in a horizontal parent unless told). */
  style?: CSSProperties;
}

/**
 * One row of buttons that never wraps (issue 16: a list toolbar in three rows at 1440 px): what
 * does not fit moves, from the end, into a "more" (⋯) button that opens them as a column. Each
 * button lives in one place at a time, so test ids and labels stay unique. Widths are measured
 * while a button is in the row and remembered for when it comes back.
 */
export function OverflowRow({ children, moreLabel, testId, style }: OverflowRowProps) {
  const items = flattenItems(children);
  const keysText = items.map((item) => String(item.key)).join('|');
  const rowRef = useRef<HTMLDivElement>(null);
  const widths = useRef(new Map<string, number>());
  const [shown, setShown] = useState<{ keys: string; count: number }>({ keys: keysText, count: items.length });
  const [isOpen, setOpen] = useState(false);
  // A new set of buttons shows them all once (to measure them) before anything moves.
  const count = shown.keys === keysText ? Math.min(shown.count, items.length) : items.length;

  // The row and the buttons in it are watched for size: each change measures again and decides
  // how many stay (the first report comes right after the row is laid out).
  useLayoutEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    const keys = keysText.split('|');
    const measure = () => {
      row.querySelectorAll<HTMLElement>(':scope > [data-overflow-key]').forEach((element) => {
        // an empty slot measures 0 and takes no room (overflow-row.css)
        if (element.dataset.overflowKey !== undefined) widths.current.set(element.dataset.overflowKey, element.offsetWidth);
      });
      const known = keys.map((key) => widths.current.get(key));
      // no layout (a test without a browser) or a button never measured: leave every button in the row
      if (row.clientWidth <= 0 || known.some((value) => value === undefined)) return;
      const fitting = countFitting(known as number[], row.clientWidth);
      setShown((current) => (current.keys === keysText && current.count === fitting ? current : { keys: keysText, count: fitting }));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(row);
    row.querySelectorAll(':scope > [data-overflow-key]').forEach((element) => observer.observe(element));
    return () => observer.disconnect();
  }, [keysText, count]);

  // A plain button ran its action: the list closes. A button that opens its own menu or panel keeps it open.
  const closeAfterAction = (event: MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('button, a') && !target.closest('.ant-dropdown-trigger, [aria-haspopup]')) setOpen(false);
  };
  const inline = items.slice(0, count);
  const rest = items.slice(count);
  return (
    <div ref={rowRef} data-testid={testId} style={{ display: 'flex', flexWrap: 'nowrap', alignItems: 'center', gap: GAP, flex: '1 1 0', minWidth: 0, ...style }}>
      {inline.map((item) => (
        <div key={item.key} className="overflow-row__item" data-overflow-key={String(item.key)} style={{ flex: 'none' }}>
          {item.node}
        </div>
      ))}
      {rest.length > 0 && (
        <Popover
          trigger="click"
          placement="bottomLeft"
          // on a phone the list slides back into the screen instead of running past its edge
          align={{ overflow: { adjustX: true, shiftX: true, adjustY: true } }}
          open={isOpen}
          onOpenChange={setOpen}
          // under dialogs (1000): a button here that opens a modal route is not covered by this list
          zIndex={999}
          content={
            // a group of buttons given as one item wraps inside the list rather than past a phone's edge
            <Flex vertical gap={GAP} align="flex-start" style={{ maxWidth: 'min(640px, calc(100vw - 48px))' }} data-testid={testId ? `${testId}-more-items` : undefined} onClick={closeAfterAction}>
              {rest.map((item) => (
                <div key={item.key}>{item.node}</div>
              ))}
            </Flex>
          }
        >
          <Button icon={<EllipsisOutlined />} aria-label={moreLabel} title={moreLabel} style={{ flex: 'none' }} data-testid={testId ? `${testId}-more` : undefined} />
        </Popover>
      )}
    </div>
  );
}
