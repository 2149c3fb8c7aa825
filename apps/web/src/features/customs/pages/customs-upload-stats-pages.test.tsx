import type { CustomsPingReply, CustomsStatsReply } from '@app/contract/customs';
import { az } from '@app/contract/texts/az';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { http } from '../../../shared/http/http-client';
import { HttpError } from '../../../shared/http/http-error';
import { checkUploadFile, CustomsStatsPage, CustomsUploadPage } from './customs-upload-stats-pages';

const T = az.customsUi;
const PING: CustomsPingReply = { data: true, ok: true, ms: 4, message: T.pingOk, sending: true };
const STATS: CustomsStatsReply = {
  data: { declared: 162, unuser: 64, nonExistUsers: 12 },
  posts: { 0: 40, 1: 81, 3: 45, 4: 48 },
  counts: { declared: 162, undeclared: 64, unknown: 12 },
  withdrawn: 20,
  queue: { queued: 1, sent: 270, declined: 1, failed: 0 },
  tasks_today: { done: 9, failed: 1, declined: 0 },
  last_sync: '2026-03-02 10:15:00',
};

function renderPage(page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** GET answers by path; the ping answers "works" unless told. */
function answerGets(answers: Record<string, unknown>) {
  return vi.spyOn(http, 'get').mockImplementation(async (path: string) => {
    if (path in answers) {
      const answer = answers[path];
      if (answer instanceof Error) throw answer;
      return answer;
    }
    if (path === '/api/admin/customs/ping') return PING;
    throw new Error(`unexpected GET ${path}`);
  });
}

const fileInput = (container: HTMLElement) => container.querySelector('input[type="file"]') as HTMLInputElement;
const pick = (container: HTMLElement, file: File) => fireEvent.change(fileInput(container), { target: { files: [file] } });

beforeEach(() => {
  vi.restoreAllMocks();
});

describe('[CUSTOMS][UPLOAD] the list upload screen', () => {
  test('a file of the wrong kind, an empty one or one over 20 MB is refused before sending, in Azerbaijani', () => {
    expect(checkUploadFile({ name: 'codes.pdf', size: 10 })).toBe('Yalnız .xlsx, .csv və ya .txt faylı seçin');
    expect(checkUploadFile({ name: 'codes.CSV', size: 0 })).toBe('Fayl boşdur');
    expect(checkUploadFile({ name: 'codes.xlsx', size: 21 * 1024 * 1024 })).toBe('Fayl 20 MB-dan böyük olmamalıdır');
    expect(checkUploadFile({ name: 'codes.xlsx', size: 2048 })).toBeNull();
  });

  test('picks a CSV, sends it as document_file and shows the four counts', async () => {
    answerGets({});
    const post = vi.spyOn(http, 'postForm').mockResolvedValue({ data: { declared: 3, unuser: 2, nonExistUsers: 1 }, declared: 3, undeclared: 2, unuser: 1, not_found: 4 });
    const { container } = renderPage(<CustomsUploadPage />);
    await screen.findByText(T.pingOk);
    expect((screen.getByTestId('customs-upload-send') as HTMLButtonElement).disabled).toBe(true);
    const file = new File(['track\nAZ123456\n'], 'codes.csv', { type: 'text/csv' });
    pick(container, file);
    await screen.findByText('codes.csv');
    fireEvent.click(screen.getByTestId('customs-upload-send'));
    const result = await screen.findByTestId('customs-upload-result');
    expect(post).toHaveBeenCalledWith('/api/admin/customs/upload', { document_file: file });
    expect(within(result).getByText('Yoxlama başa çatdı: 10 izləmə kodu')).toBeTruthy();
    const figure = (id: string) => screen.getByTestId(id).textContent;
    expect(figure('customs-upload-declared')).toContain('3');
    expect(figure('customs-upload-undeclared')).toContain('2');
    expect(figure('customs-upload-unuser')).toContain('1');
    expect(figure('customs-upload-not-found')).toContain('4');
    expect(screen.getByRole('link', { name: T.showUndeclared }).getAttribute('href')).toBe('/declarations?declared=0');
  });

  test('a wrong file is refused on pick; a server refusal shows "Əməliyyat aparıla bilmədi" with its words', async () => {
    answerGets({});
    const post = vi.spyOn(http, 'postForm').mockRejectedValue(new HttpError(422, T.fileNoTracks, { document_file: [T.fileNoTracks] }));
    const { container } = renderPage(<CustomsUploadPage />);
    pick(container, new File(['x'], 'codes.pdf'));
    await screen.findByText('Yalnız .xlsx, .csv və ya .txt faylı seçin');
    expect((screen.getByTestId('customs-upload-send') as HTMLButtonElement).disabled).toBe(true);
    pick(container, new File(['no codes here'], 'codes.txt'));
    await waitFor(() => expect(screen.queryByTestId('customs-upload-file-error')).toBeNull());
    fireEvent.click(screen.getByTestId('customs-upload-send'));
    const error = await screen.findByTestId('customs-upload-error');
    expect(error.textContent).toContain('Əməliyyat aparıla bilmədi');
    expect(error.textContent).toContain('Faylda izləmə kodu tapılmadı');
    expect(post).toHaveBeenCalledTimes(1);
  });
});

describe('[CUSTOMS][STATS] the stats screen', () => {
  test('shows posts by status, declarations, withdrawn, queue, today\'s calls and the last sync', async () => {
    answerGets({ '/api/admin/customs/stats': STATS });
    renderPage(<CustomsStatsPage />);
    await screen.findByTestId('customs-stats');
    const figure = (id: string) => screen.getByTestId(id).textContent ?? '';
    expect(figure('customs-stats-post-4')).toContain('48');
    expect(figure('customs-stats-declared')).toContain('162');
    expect(figure('customs-stats-unknown')).toContain('12');
    expect(figure('customs-stats-withdrawn')).toContain('20');
    expect(figure('customs-stats-queue-sent')).toContain('270');
    expect(figure('customs-stats-tasks-failed')).toContain('1');
    expect(screen.getByText(T.statsWithdrawn)).toBeTruthy();
    expect(screen.getByText(/02\.03\.2026|2026-03-02/)).toBeTruthy();
  });

  test('a failed call says "Əməliyyat aparıla bilmədi"; refresh asks again', async () => {
    const get = answerGets({ '/api/admin/customs/stats': new HttpError(503, T.unavailable) });
    renderPage(<CustomsStatsPage />);
    const error = await screen.findByTestId('customs-stats-error');
    expect(error.textContent).toContain('Əməliyyat aparıla bilmədi');
    expect(error.textContent).toContain(T.unavailable);
    get.mockImplementation(async (path: string) => (path === '/api/admin/customs/stats' ? STATS : PING));
    fireEvent.click(screen.getByTestId('customs-stats-refresh'));
    await screen.findByTestId('customs-stats');
  });
});
