import type { OrderDebtRow } from '@app/contract/orders';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { OrderDebtsTable, sumDebtDifferences } from './order-debts-table';
import { PRODUCT_TILE_PX, ProductCard, readStoredPreview } from './product-card';

const stored = {
  name: 'Marcus Slim Fit Koyu Mavi Jean Pantolon', brand: 'Mavi', images: ['https://cdn.test/a.jpg', 'https://cdn.test/b.jpg'], mainImage: 'https://cdn.test/a.jpg',
  breadcrumb: ['Erkek', 'Giyim', 'Jean'], url: 'https://www.trendyol.com/mavi/marcus-slim-fit-jean-p-100003', color: 'Koyu Mavi',
  price: { amount: '1299.90', originalAmount: '1599.90', currency: 'TRY', symbol: '₺', converted: { try: '1299.90', azn: '52.00', usd: '30.59', eur: null }, ratesDate: '2026-11-26' },
  description: null, shop: 'trendyol', shopName: 'Trendyol', sources: ['json-ld'],
};

const debt = (patch: Partial<OrderDebtRow>): OrderDebtRow => ({
  id: 1, order_id: 9, params: 'price', previous_amount: 10, current_amount: 12, diff_amount: 2.1, state_id: 0, state_name: 'Ödənilməyib',
  descr: null, balance_operation_id: null, created_at: '2026-11-27 10:00:00', settled_at: null, ...patch,
});

describe('[ORDERS][DETAIL] the product card of a stored preview', () => {
  test('name, brand, breadcrumb, price with the pre-discount one and the converted prices; the 392 px tile', () => {
    const preview = readStoredPreview(stored);
    expect(preview).not.toBeNull();
    render(<ProductCard preview={preview!} />);
    expect(screen.getByTestId('product-name').textContent).toBe(stored.name);
    expect(screen.getByTestId('product-brand').textContent).toBe('Mavi');
    expect(screen.getByTestId('product-breadcrumb').textContent).toContain('Jean');
    expect(screen.getByTestId('product-price').textContent).toContain('1299.90');
    expect(screen.getByText(/1599\.90/)).toBeTruthy();
    const converted = screen.getByTestId('product-converted').textContent ?? '';
    expect(converted).toContain('52.00');
    expect(converted).not.toContain('null');
    expect(PRODUCT_TILE_PX).toBe(392);
    expect((screen.getByTestId('product-slider') as HTMLElement).style.width).toBe('392px');
  });
  test('what is not a preview (no name, not an object) shows no card', () => {
    expect(readStoredPreview(null)).toBeNull();
    expect(readStoredPreview({ price: 1 })).toBeNull();
    expect(readStoredPreview('text')).toBeNull();
  });
});

describe('[ORDERS][DETAIL] debts table: parameter, current / difference, status, date, and the sum', () => {
  test('lines and their exact sum', () => {
    const lines = [debt({}), debt({ id: 2, params: 'cargo_price', current_amount: 0, diff_amount: -0.7, state_id: 1, state_name: 'Ödənilib' })];
    expect(sumDebtDifferences(lines)).toBe('1.40');
    render(<OrderDebtsTable debts={lines} sign="₺" />);
    const table = screen.getByTestId('order-debts');
    expect(within(table).getByText('Məhsul qiyməti')).toBeTruthy();
    expect(within(table).getByText('Daxili çatdırılma')).toBeTruthy();
    expect(screen.getByTestId('order-debts-sum').textContent).toContain('1.40');
  });
  test('no lines: the empty text, no sum', () => {
    render(<OrderDebtsTable debts={[]} sign="$" />);
    expect(screen.getByText('Borc sətri yoxdur')).toBeTruthy();
    expect(screen.queryByTestId('order-debts-sum')).toBeNull();
  });
});
