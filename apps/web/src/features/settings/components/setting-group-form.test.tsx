import { az } from '@app/contract/texts/az';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { http } from '../../../shared/http/http-client';
import { HttpError } from '../../../shared/http/http-error';
import { ToastProvider } from '../../../shared/toast/toast-provider';
import { toFormValues, toWireForm } from '../model/setting-forms';
import { SettingGroupForm } from './setting-group-form';

const MAIL = {
  ticketHtmlTemplateId: 'ticket-v2', footerText: '', headerBannerUrl: 'https://x.az/a', headerBannerPhoto: 'https://x.az/a.png',
  rightBannerUrl: 'https://x.az/b', rightBannerPhoto: 'https://x.az/b.png',
};

function renderForm(stored: Record<string, unknown> = MAIL) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <SettingGroupForm groupId="email" stored={stored} options={{}} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const input = (name: string) => screen.findByLabelText(az.settingsUi.fields[name]!) as Promise<HTMLInputElement>;

beforeEach(() => {
  vi.restoreAllMocks();
});

describe('[SETTINGS][FORM] the mail settings form', () => {
  test('opens on the stored values', async () => {
    renderForm();
    await waitFor(async () => expect((await input('headerBannerUrl')).value).toBe('https://x.az/a'));
    expect((await input('footerText')).value).toBe('');
  });

  test('a required field emptied shows "Zəhmət olmasa doldurun..." once touched, and nothing is sent', async () => {
    const post = vi.spyOn(http, 'postForm');
    renderForm();
    expect(screen.queryByText(az.settingsUi.fillIn)).toBeNull();
    const field = await input('headerBannerUrl');
    await waitFor(() => expect(field.value).toBe('https://x.az/a'));
    fireEvent.change(field, { target: { value: '' } });
    await screen.findByText(az.settingsUi.fillIn);
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(screen.getAllByText(az.settingsUi.fillIn)).toHaveLength(1));
    expect(post).not.toHaveBeenCalled();
  });

  test('the footer may stay empty; a save posts group_id in the query and shows "Dəyişikliklər yadda saxlanıldı"', async () => {
    const post = vi.spyOn(http, 'postForm').mockResolvedValue({ data: MAIL, message: az.settingsUi.saved });
    renderForm();
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByText(az.settingsUi.saved);
    expect(post).toHaveBeenCalledWith('/api/admin/settings/data?group_id=email', expect.objectContaining({ footerText: '', headerBannerUrl: 'https://x.az/a' }));
  });

  test('the server\'s field errors show on their fields', async () => {
    vi.spyOn(http, 'postForm').mockRejectedValue(new HttpError(422, 'x', { rightBannerPhoto: ['Serverdən gələn xəta'] }));
    renderForm();
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByText('Serverdən gələn xəta');
  });
});

describe('[SETTINGS][FORM] form values and the wire', () => {
  test('lists are edited as comma text, flags as 1/0, a keyed group names its entry', () => {
    const values = toFormValues('contact', { name: 'Gənclik', numbers: ['1', '2'], emails: [], address: 'Bakı', map: '' });
    expect(values.numbers).toBe('1, 2');
    expect(toWireForm('contact', values, 3)).toMatchObject({ branch_id: 3, numbers: '1, 2', name: 'Gənclik' });
    expect(toWireForm('others', { ...toFormValues('others', { customs: true, declarationStatus: 7 }) })).toMatchObject({ customs: 1, declarationStatus: 7, orderStatus: '' });
  });
});
