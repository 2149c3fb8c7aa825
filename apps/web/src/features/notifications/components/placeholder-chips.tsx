import { azNotifier } from '@app/contract/texts/az-notifier';
import { Button, Flex, Tooltip, Typography } from 'antd';

/** Buttons that write `{name}` into a text field at its caret (the parent does the writing, see insertPlaceholder). */
export function PlaceholderChips({ names, describe, onInsert }: { names: readonly string[]; describe: (name: string) => string; onInsert: (name: string) => void }) {
  return (
    <div style={{ marginTop: -8, marginBottom: 16 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{azNotifier.templates.placeholdersHint}</Typography.Text>
      <Flex wrap gap={4} style={{ marginTop: 4 }} role="group" aria-label={azNotifier.templates.placeholders}>
        {names.map((name) => (
          <Tooltip key={name} title={describe(name)}>
            <Button
              size="small"
              // the caret stays in the text field: the chip never takes the focus on a mouse press
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onInsert(name)}
              data-testid={`chip-${name}`}
            >
              {`{${name}}`}
            </Button>
          </Tooltip>
        ))}
      </Flex>
    </div>
  );
}
