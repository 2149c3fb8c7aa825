import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createPromptKeys } from './prompt-keys';

const open = { isPromptOpen: true, isEmpty: true, hasModifier: false };

describe('[WAREHOUSE][ACCEPTANCE] keys that answer a prompt (issue 16)', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  test('Y on its own answers yes, N no, Escape no at once; Enter never answers', () => {
    const answers: boolean[] = [];
    const keys = createPromptKeys((yes) => answers.push(yes), 150);
    expect(keys.keyDown('Enter', open)).toEqual({ prevent: false });
    expect(keys.keyDown('y', open)).toEqual({ prevent: true });
    expect(answers).toEqual([]);
    vi.advanceTimersByTime(150);
    expect(answers).toEqual([true]);
    keys.keyDown('N', open);
    vi.advanceTimersByTime(150);
    keys.keyDown('Escape', open);
    expect(answers).toEqual([true, false, false]);
  });

  test('a scanner typing a code that starts with Y keeps every character and answers nothing', () => {
    const answers: boolean[] = [];
    const keys = createPromptKeys((yes) => answers.push(yes), 150);
    expect(keys.keyDown('Y', open)).toEqual({ prevent: true });
    vi.advanceTimersByTime(10);
    expect(keys.keyDown('T', { ...open, isEmpty: true })).toEqual({ prevent: true, insert: 'YT' });
    expect(keys.keyDown('1', { ...open, isEmpty: false })).toEqual({ prevent: false });
    vi.advanceTimersByTime(1000);
    expect(answers).toEqual([]);
  });

  test('a held Y followed by Enter is typed first (a one-letter scan), not an answer', () => {
    const answers: boolean[] = [];
    const keys = createPromptKeys((yes) => answers.push(yes), 150);
    keys.keyDown('y', open);
    expect(keys.keyDown('Enter', open)).toEqual({ prevent: false, insert: 'y' });
    vi.advanceTimersByTime(1000);
    expect(answers).toEqual([]);
  });

  test('no answer without an open prompt, with text typed, or with a modifier; cancel drops a held key', () => {
    const answers: boolean[] = [];
    const keys = createPromptKeys((yes) => answers.push(yes), 150);
    expect(keys.keyDown('y', { ...open, isPromptOpen: false })).toEqual({ prevent: false });
    expect(keys.keyDown('y', { ...open, isEmpty: false })).toEqual({ prevent: false });
    expect(keys.keyDown('y', { ...open, hasModifier: true })).toEqual({ prevent: false });
    expect(keys.keyDown('Escape', { ...open, isPromptOpen: false })).toEqual({ prevent: false });
    keys.keyDown('y', open);
    keys.cancel();
    vi.advanceTimersByTime(1000);
    expect(answers).toEqual([]);
  });
});
