// @vitest-environment jsdom
// The mall page with a mocked `call`: the balance, products by category, a product's page and its
// order form (cost with the member discount and a coupon, the order placed and the balance read
// again, a refusal under its field), the user's orders (cancel, with the balance refreshed), the
// points chart and the points records.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import '@/i18n';
import { ApiError, call } from '@/api/client';
import MallPage from './mall-page';

vi.mock('@/api/client', async (original) => ({ ...(await original<typeof import('@/api/client')>()), call: vi.fn() }));
vi.mock('@/custom/charts/g2-plot', () => import('@/custom/charts/g2-plot.stub'));
const api = vi.mocked(call);
// The page renders antd dialogs and forms: on a loaded machine a step takes seconds, not one.
configure({ asyncUtilTimeout: 10_000 });
afterEach(() => {
  cleanup();
  api.mockReset();
});

type Args = { query?: Record<string, unknown>; body?: Record<string, unknown> };
function serve(answers: Record<string, unknown | ((args: Args) => unknown)>) {
  api.mockImplementation((async (operation: string, args: Args) => {
    const answer = answers[operation];
    if (answer === undefined) throw new Error(`unexpected ${operation}`);
    const value = typeof answer === 'function' ? (answer as (a: Args) => unknown)(args ?? {}) : answer;
    if (value instanceof Error) throw value;
    return value;
  }) as never);
}

const info = (availablePoints: number) => ({ availablePoints, totalEarnedPoints: 3000, usedPoints: 500, expiredPoints: 0, expiringPoints: 0, memberLevelName: 'Silver', discountPercent: 10 });
const lamp = { id: 7, categoryId: 2, categoryName: 'Home', productName: 'Garden light', pointsPrice: 200, stock: 5, limitPerUser: 0, images: '/mall/garden-light.png,/mall/b.png', description: 'Solar garden light', status: 1 };
const mug = { id: 8, categoryId: 1, categoryName: 'Gifts', productName: 'Mug', pointsPrice: 50, stock: 3, limitPerUser: 1, images: '/mall/mug.png', status: 1 };
const page = (...list: unknown[]) => ({ list, total: list.length, pageNo: 1, pageSize: 10 });
const coupon = { id: 31, couponId: 3, couponNo: 'CP-31', couponName: 'Welcome', couponType: 1, faceValue: 30, thresholdPoints: 0, userId: 'u1', status: 1, validStartDate: '2000-01-01', validEndDate: '2999-12-31', createTime: '2026-11-01T00:00:00Z' };
const order = (id: number, status: number) => ({ id, orderNo: `NO-${id}`, userId: 'u1', productId: 7, productName: 'Garden light', quantity: 1, pointsPrice: 200, totalPoints: 200, payPoints: 180, status, createTime: '2026-11-20T10:00:00Z' });

const base = (balance: () => number) => ({
  getPointInfo: () => info(balance()),
  getProductCategory: [{ id: 1, categoryName: 'Gifts', productNum: 1 }, { id: 2, categoryName: 'Home', productNum: 1 }],
  pageMallProduct: ({ query }: Args) => (query?.categoryId === 1 ? page(mug) : query?.categoryId === 2 ? page(lamp) : page(lamp, mug)),
  pagePersonalUserCoupon: page(coupon),
  pageOrderForApp: page(order(1, 1), order(2, 2)),
  aggUserPointGroupByPeriod: [{ period: '2026-10', incomePoints: 120, consumptionPoints: 40 }],
  webUserPointConsumptionList: ({ body }: Args) => (body?.direction === 2
    ? page({ id: 2, userId: 'u1', changeType: 2, points: -40, balance: 1160, orderNo: 'NO-5', createTime: '2026-10-21T08:00:00Z' })
    : page({ id: 1, userId: 'u1', changeType: 1, points: 120, balance: 1200, ruleName: 'Daily sign-in', createTime: '2026-10-20T08:00:00Z' })),
});

const show = () => render(<App><MemoryRouter><MallPage /></MemoryRouter></App>);

describe('the mall page', { timeout: 60_000 }, () => {
  it('shows the balance and the products, narrowed by category', async () => {
    serve(base(() => 1200));
    show();
    await waitFor(() => expect(screen.getByTestId('mall-available').textContent).toContain('1,200'));
    expect(await screen.findByText('Garden light')).toBeTruthy();
    expect(screen.getByText('Mug')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Gifts (1)' }));
    await waitFor(() => expect(screen.queryByText('Garden light')).toBeNull());
    expect(api).toHaveBeenCalledWith('pageMallProduct', { query: { categoryId: 1, pageNo: 1, pageSize: 10 }, silent: true });
  });

  it('places an order with a coupon at the cost it showed, then reads the balance again', async () => {
    let balance = 1200;
    const placed = vi.fn(() => {
      balance = 1030;
      return order(9, 1);
    });
    serve({ ...base(() => balance), placeOrder: placed });
    show();
    fireEvent.click(await screen.findByText('Garden light'));
    const detail = await screen.findByTestId('mall-product-images');
    expect(within(detail).getByAltText('Garden light 1').getAttribute('src')).toBe('/mall/garden-light.png');
    expect(within(detail).getByAltText('Garden light 2').getAttribute('src')).toBe('/mall/b.png');
    expect(screen.getByText('Solar garden light')).toBeTruthy();
    fireEvent.click(screen.getByTestId('mall-redeem'));
    const form = await screen.findByTestId('mall-redeem-form');
    fireEvent.change(within(form).getByLabelText('Receiver'), { target: { value: 'Anna Berg' } });
    fireEvent.change(within(form).getByLabelText('Receiver phone'), { target: { value: '+49 170 1234567' } });
    fireEvent.change(within(form).getByLabelText('Delivery address'), { target: { value: 'Hauptstr. 1, Berlin' } });
    // 200 points less the member's 10 %: 180 to pay, then the coupon's 30 off: 150.
    await waitFor(() => expect(screen.getByTestId('mall-pay').textContent).toBe('180'));
    fireEvent.mouseDown(within(screen.getByTestId('mall-coupon')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Welcome · 30 points off'));
    await waitFor(() => expect(screen.getByTestId('mall-pay').textContent).toBe('150'));
    fireEvent.click(screen.getByTestId('mall-place-order'));
    await waitFor(() => expect(placed).toHaveBeenCalledWith({
      body: { productId: 7, quantity: 1, receiverName: 'Anna Berg', receiverPhone: '+49 170 1234567', receiverAddress: 'Hauptstr. 1, Berlin', userCouponId: 31 }, silent: true,
    }));
    await waitFor(() => expect(screen.getByTestId('mall-available').textContent).toContain('1,030'));
  });

  it('shows a refusal of the order under its field and keeps the form open', async () => {
    serve({ ...base(() => 1200), placeOrder: new ApiError(10003, 'Quantity: only 2 left', [{ field: 'quantity', rule: 'stockShort', message: 'Quantity: only 2 left' }]) });
    show();
    fireEvent.click(await screen.findByText('Garden light'));
    fireEvent.click(await screen.findByTestId('mall-redeem'));
    const form = await screen.findByTestId('mall-redeem-form');
    fireEvent.change(within(form).getByLabelText('Receiver'), { target: { value: 'Anna' } });
    fireEvent.change(within(form).getByLabelText('Receiver phone'), { target: { value: '0301234567' } });
    fireEvent.change(within(form).getByLabelText('Delivery address'), { target: { value: 'Berlin' } });
    fireEvent.click(screen.getByTestId('mall-place-order'));
    expect(await within(form).findByText('Quantity: only 2 left')).toBeTruthy();
    expect(screen.getByTestId('mall-redeem-form')).toBeTruthy();
  });

  it('refuses an order beyond the balance before asking', async () => {
    serve(base(() => 100));
    show();
    fireEvent.click(await screen.findByText('Garden light'));
    fireEvent.click(await screen.findByTestId('mall-redeem'));
    expect(await screen.findByTestId('mall-not-enough')).toBeTruthy();
    expect((screen.getByTestId('mall-place-order') as HTMLButtonElement).disabled).toBe(true);
  });

  it('cancels an order awaiting shipment, offers receipt for a shipped one, and refreshes the balance', async () => {
    let balance = 1000;
    const cancelled = vi.fn(() => {
      balance = 1180;
      return order(1, 4);
    });
    serve({ ...base(() => balance), cancelOrder: cancelled });
    show();
    await waitFor(() => expect(screen.getByTestId('mall-available').textContent).toContain('1,000'));
    fireEvent.click(screen.getByRole('tab', { name: 'My orders' }));
    expect(await screen.findByRole('button', { name: 'Confirm receipt: NO-2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order: NO-2' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order: NO-1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(cancelled).toHaveBeenCalledWith({ body: { id: 1 }, silent: true }));
    await waitFor(() => expect(screen.getByTestId('mall-available').textContent).toContain('1,180'));
  });

  it('lists the user\'s coupons with what each is worth, narrowed by status', async () => {
    serve(base(() => 1000));
    show();
    fireEvent.click(await screen.findByRole('tab', { name: 'My coupons' }));
    const coupons = await screen.findByTestId('mall-coupons');
    expect(await within(coupons).findByText('30 points off')).toBeTruthy();
    expect(within(coupons).getByText('Any product')).toBeTruthy();
    fireEvent.click(within(coupons).getByText('Used'));
    await waitFor(() => expect(api).toHaveBeenCalledWith('pagePersonalUserCoupon', { query: { status: 2, pageNo: 1, pageSize: 10 }, silent: true }));
  });

  it('charts the points earned and spent by month, and lists the records, earned or spent', async () => {
    serve(base(() => 1000));
    show();
    fireEvent.click(await screen.findByRole('tab', { name: 'My points' }));
    const plot = await screen.findByTestId('mall-points-plot');
    expect(JSON.parse(plot.getAttribute('data-json')!)).toEqual([
      { time: '2026-10', series: 'Earned', value: 120 }, { time: '2026-10', series: 'Spent', value: 40 },
    ]);
    expect(api).toHaveBeenCalledWith('aggUserPointGroupByPeriod', { body: expect.objectContaining({ periodType: 'month' }), silent: true });
    const records = screen.getByTestId('mall-point-records');
    expect(await within(records).findByText('+120')).toBeTruthy();
    expect(within(records).getByText('Daily sign-in')).toBeTruthy();
    fireEvent.click(within(records).getByText('Spent'));
    expect(await within(records).findByText('NO-5')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('webUserPointConsumptionList', { body: { direction: 2, pageNo: 1, pageSize: 10 }, silent: true });
  });
});
