/*
 * Keys that answer the acceptance screen's prompt (issue 16). A keyboard-wedge scanner types a
 * code and presses Enter while the worker may not be looking, so:
 * - Enter never answers (it ends the next scan, which waits behind the prompt);
 * - Y answers yes, N or Escape no, and only as a key of its own: a Y or N that starts a code
 *   (the scanner's next key follows within `windowMs`) is typed into the code instead.
 * Pure apart from the timer, so it is unit-tested with fake timers.
 */

export interface KeyContext {
  isPromptOpen: boolean;
  /** The scan input holds no text yet (an answer key is only the first key of nothing). */
  isEmpty: boolean;
  /** Ctrl, Alt or Meta held: never an answer. */
  hasModifier: boolean;
}

export interface KeyOutcome {
  /** Stop the key's own effect (the input does not type it). */
  prevent: boolean;
  /** Text to type into the input first (a held Y or N that turned out to start a code). */
  insert?: string;
}

const ANSWERS: Record<string, boolean> = { y: true, n: false };

export interface PromptKeys {
  keyDown(key: string, context: KeyContext): KeyOutcome;
  /** Drops a held key without answering (the prompt closed by a click, the screen left). */
  cancel(): void;
}

export function createPromptKeys(onAnswer: (yes: boolean) => void, windowMs = 150): PromptKeys {
  let held: { key: string; timer: ReturnType<typeof setTimeout> } | null = null;
  const release = (): string => {
    if (!held) return '';
    clearTimeout(held.timer);
    const { key } = held;
    held = null;
    return key;
  };
  return {
    keyDown(key, context) {
      if (held) {
        // Another key right behind the Y/N: it was a scanner typing a code.
        const first = release();
        if (key.length === 1 && !context.hasModifier) return { prevent: true, insert: first + key };
        return { prevent: false, insert: first };
      }
      if (!context.isPromptOpen || context.hasModifier) return { prevent: false };
      if (key === 'Escape') {
        onAnswer(false);
        return { prevent: true };
      }
      const answer = key.length === 1 && context.isEmpty ? ANSWERS[key.toLowerCase()] : undefined;
      if (answer === undefined) return { prevent: false };
      held = { key, timer: setTimeout(() => { held = null; onAnswer(answer); }, windowMs) };
      return { prevent: true };
    },
    cancel() {
      release();
    },
  };
}
