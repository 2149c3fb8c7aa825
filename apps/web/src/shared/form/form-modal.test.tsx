import { az } from '@app/contract/texts/az';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { describe, expect, test, vi } from 'vitest';
import { FormModal } from './form-modal';

function Dialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm();
  return (
    <FormModal open form={form} title="Yeni" okText="Yadda saxla" cancelText={az.form.cancel} onClose={onClose}>
      <Form form={form}>
        <Form.Item name="name" label="Ad">
          <Input aria-label="Ad" />
        </Form.Item>
        <Form.Item name="code" label="Kod">
          <Input aria-label="Kod" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

describe('[FORM][MODAL] issue 16: a form dialog asks before throwing changes away', { timeout: 30_000 }, () => {
  test('an untouched form closes at once on Ləğv et', () => {
    const onClose = vi.fn();
    render(<Dialog onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: az.form.cancel }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test('a filled form asks; "Formaya qayıt" keeps it, the confirmation closes it', async () => {
    const onClose = vi.fn();
    render(<Dialog onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Ad'), { target: { value: 'Aysel' } });
    fireEvent.click(screen.getByRole('button', { name: az.form.cancel }));
    expect((await screen.findAllByText(az.form.discardTitle)).length).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: az.form.discardCancel }));
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Ad') as HTMLInputElement).value).toBe('Aysel');

    fireEvent.click(screen.getByRole('button', { name: az.form.cancel }));
    fireEvent.click(await screen.findByRole('button', { name: az.form.discardOk }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  test('Escape on a filled form asks too', async () => {
    const onClose = vi.fn();
    render(<Dialog onClose={onClose} />);
    const name = screen.getByLabelText('Ad');
    fireEvent.change(name, { target: { value: 'x' } });
    fireEvent.keyDown(name, { key: 'Escape', code: 'Escape', keyCode: 27 });
    expect((await screen.findAllByText(az.form.discardTitle)).length).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  test('the dialog opens with the focus on its first field, not on the close button', async () => {
    render(<Dialog onClose={() => undefined} />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Ad')));
  });
});
