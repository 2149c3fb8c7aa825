import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { HttpError } from '../../../shared/http/http-error';
import { ToastProvider } from '../../../shared/toast/toast-provider';
import { ReplyBox } from './reply-box';

configure({ asyncUtilTimeout: 8000 });

const { get, postForm } = vi.hoisted(() => ({ get: vi.fn(), postForm: vi.fn() }));
vi.mock('../../../shared/http/http-client', async (original) => ({
  ...(await original<typeof import('../../../shared/http/http-client')>()),
  http: { get, postForm, getBlob: vi.fn(), postJson: vi.fn() },
}));

const TEMPLATES = [
  { id: 1, title: 'Salamlama', body: 'Salam! Müraciətiniz üçün təşəkkür edirik.', created_at: '2026-11-01 10:00:00' },
  { id: 2, title: 'Bağlama yoldadır', body: 'Bağlamanız artıq yoldadır.', created_at: '2026-11-01 10:00:00' },
];

function renderBox() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <ReplyBox ticketId={42} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

async function pickTemplate(title: string) {
  const picker = screen.getByTestId('ticket-template-picker');
  fireEvent.mouseDown(picker.querySelector('.ant-select-selector') ?? picker);
  fireEvent.click(await screen.findByTitle(title));
}

beforeEach(() => {
  get.mockReset().mockResolvedValue({ data: TEMPLATES, total: 2 });
  postForm.mockReset();
});

describe('[TICKETS][WEB] the reply box', { timeout: 30_000 }, () => {
  test('a template fills the text; Ctrl+Enter sends it for the ticket and empties the box', async () => {
    postForm.mockResolvedValue({ data: { id: 9 } });
    renderBox();
    await waitFor(() => expect(get).toHaveBeenCalledWith('/api/admin/message_templates', { per_page: 1000 }, expect.anything()));
    await pickTemplate('Bağlama yoldadır');
    const text = screen.getByTestId('ticket-reply-text') as HTMLTextAreaElement;
    await waitFor(() => expect(text.value).toBe('Bağlamanız artıq yoldadır.'));
    fireEvent.keyDown(text, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(postForm).toHaveBeenCalledWith('/api/admin/tickets/message/create', { ticket_id: 42, message: 'Bağlamanız artıq yoldadır.' }));
    await waitFor(() => expect(text.value).toBe(''));
  });

  test('a refused send keeps the text and shows the reason; Enter alone sends nothing', async () => {
    postForm.mockRejectedValue(new HttpError(422, 'Bağlanmış və ya ləğv edilmiş müraciətə cavab yazmaq olmaz', { ticket_id: ['Bağlanmış və ya ləğv edilmiş müraciətə cavab yazmaq olmaz'] }));
    renderBox();
    const text = screen.getByTestId('ticket-reply-text') as HTMLTextAreaElement;
    fireEvent.change(text, { target: { value: 'Salam, yoxlayırıq' } });
    fireEvent.keyDown(text, { key: 'Enter' });
    expect(postForm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('ticket-reply-send'));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Bağlanmış və ya ləğv edilmiş müraciətə cavab yazmaq olmaz');
    expect(text.value).toBe('Salam, yoxlayırıq');
    // a second template is added under what is written
    await pickTemplate('Salamlama');
    await waitFor(() => expect(text.value).toBe('Salam, yoxlayırıq\n\nSalam! Müraciətiniz üçün təşəkkür edirik.'));
  });
});
