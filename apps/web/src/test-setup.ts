import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// antd reads matchMedia for responsive parts; jsdom has none.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// antd's table and overflow lists measure themselves; jsdom has no layout, so sizes stay 0.
if (!('ResizeObserver' in window)) {
  class NoLayoutResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.assign(window, { ResizeObserver: NoLayoutResizeObserver });
  Object.assign(globalThis, { ResizeObserver: NoLayoutResizeObserver });
}

// jsdom does not implement pseudo-element styles and logs for each call antd makes.
const getStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getStyle(element);
