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
// Without layout it also leaves paddings and borders empty: antd's auto-sizing text area would
// compute a NaN height from them, so they read as 0px, as a browser gives for an unstyled box.
const getStyle = window.getComputedStyle.bind(window);
const BOX_SIZE = /^(padding|border)-(top|bottom|left|right)(-width)?$/;
window.getComputedStyle = (element: Element) => {
  const style = getStyle(element);
  return new Proxy(style, {
    get(target, prop) {
      if (prop === 'getPropertyValue') {
        return (name: string) => {
          const value = target.getPropertyValue(name);
          return value === '' && BOX_SIZE.test(name) ? '0px' : value;
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
};
