import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { describe, expect, test } from 'vitest';
import { PlaceholderChips } from './placeholder-chips';
import { usePlaceholderInsert } from './use-placeholder-insert';

function TextForm({ withTitle = false }: { withTitle?: boolean }) {
  const [form] = Form.useForm();
  const { bodyRef, titleRef, insert, remember } = usePlaceholderInsert(form);
  return (
    <Form form={form} initialValues={{ title: 'Bağlama ', body: 'Salam , xoş gəldiniz' }}>
      {withTitle ? (
        <Form.Item name="title">
          <Input ref={titleRef} aria-label="title" onFocus={() => remember('title')} onSelect={() => remember('title')} />
        </Form.Item>
      ) : null}
      <Form.Item name="body">
        <Input.TextArea ref={bodyRef} aria-label="body" onFocus={() => remember('body')} onSelect={() => remember('body')} />
      </Form.Item>
      <PlaceholderChips names={['customer_name', 'track_code']} describe={(name) => name} onInsert={insert} />
    </Form>
  );
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement | HTMLTextAreaElement;

describe('placeholder chips in a form', () => {
  test('[NOTIFIER][TEMPLATES] a chip writes at the body\'s caret and the caret stays after it', async () => {
    render(<TextForm />);
    const body = field('body');
    body.focus();
    body.setSelectionRange(6, 6);
    fireEvent.select(body);
    fireEvent.click(screen.getByTestId('chip-customer_name'));
    await waitFor(() => expect(body.value).toBe('Salam {customer_name}, xoş gəldiniz'));
    await waitFor(() => expect(body.selectionStart).toBe(6 + '{customer_name}'.length));
    expect(document.activeElement).toBe(body);
  });

  test('[NOTIFIER][TEMPLATES] the body never touched gets the placeholder at its end', async () => {
    render(<TextForm />);
    fireEvent.click(screen.getByTestId('chip-track_code'));
    await waitFor(() => expect(field('body').value).toBe('Salam , xoş gəldiniz{track_code}'));
  });

  test('[NOTIFIER][TEMPLATES] after the title was used, the chip writes into the title', async () => {
    render(<TextForm withTitle />);
    const title = field('title');
    title.focus();
    title.setSelectionRange(8, 8);
    fireEvent.select(title);
    fireEvent.click(screen.getByTestId('chip-track_code'));
    await waitFor(() => expect(title.value).toBe('Bağlama {track_code}'));
    expect(field('body').value).toBe('Salam , xoş gəldiniz');
  });
});
