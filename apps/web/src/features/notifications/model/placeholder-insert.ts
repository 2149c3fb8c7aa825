/** A text field's content and where its caret (or selection) is. */
export interface TextCaret {
  text: string;
  start: number;
  end: number;
}

/**
 * Puts `{name}` where the caret is (replacing a selection), with the caret after it: a chip clicked
 * in the middle of a sentence writes there, not at the end. A caret past the text (the field was
 * never focused: -1 or beyond) appends. Nothing else is added: no spaces around it.
 */
export function insertPlaceholder(current: TextCaret, name: string): TextCaret {
  const token = `{${name}}`;
  const length = current.text.length;
  const clamp = (value: number) => (Number.isInteger(value) && value >= 0 && value <= length ? value : length);
  let start = clamp(current.start);
  let end = clamp(current.end);
  if (end < start) [start, end] = [end, start];
  const text = current.text.slice(0, start) + token + current.text.slice(end);
  const caret = start + token.length;
  return { text, start: caret, end: caret };
}

/** The placeholders a text uses that are not in `known`, for the form's own check before the server's. */
export function unknownPlaceholders(text: string, known: readonly string[]): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}/g)) {
    const name = match[1] as string;
    if (!known.includes(name)) names.add(name);
  }
  return [...names];
}
