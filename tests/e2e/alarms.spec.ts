// Alarms from end to end, in English and Chinese, on the real server: a device fault ingested as
// an API client sends it (the signed ingest API) reaches the owner's floating panel through the
// live event stream, is closed by hand with a reason from the alarm centre, leaves the panel, and
// the badge follows the server's count; the open alarm centre lists the next fault as it comes.
// Many alarms show the badge as 99+; the panel's tabs open one at a time, close on a second click
// and on Esc, and the panel stays folded.
import { expect, test, type Page } from '@playwright/test';
import { api, apiLogin } from './api';
import { login } from './portal';

const TEXTS = {
  en: { ok: 'Close by hand', required: 'This field is required', closed: 'Closed', closedEvent: 'Closed', untreated: 'Untreated' },
  'zh-CN': { ok: '手动关闭', required: '此项为必填项', closed: '已关闭', closedEvent: '关闭', untreated: '未处理' },
};

/** An API client of the root office, as a gateway would hold one. */
async function gateway(): Promise<{ clientId: string; clientSecret: string }> {
  const token = await apiLogin('admin');
  return api('POST', '/api/v1/sys/office/addApiInfo', { token, form: { apiName: `E2E alarms ${Date.now()}` } });
}

/**
 * Telemetry records timed four and a half minutes ahead (five are allowed): the simulator's own
 * samples of these devices report them healthy, but earlier, so they do not recover the alarms
 * while the test watches.
 */
async function ingest(client: { clientId: string; clientSecret: string }, records: Record<string, unknown>[]) {
  const ts = Date.now() + 4.5 * 60_000;
  const result = await api<{ accepted: number; rejected: unknown[] }>('POST', '/api/v1/ingest/telemetry', { json: { records: records.map((r) => ({ ts, ...r })) }, client });
  expect(result.rejected).toEqual([]);
}

/** A new plant of `count` inverters imported for it, as the device import and the wizard's call make one; answers their serials. */
async function plantOfInverters(token: string, count: number): Promise<string[]> {
  const prefix = `ALM${Date.now().toString(36).toUpperCase()}`;
  const serials = Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(2, '0')}`);
  for (const sn of serials) await api('POST', '/api/v1/device/import/single', { token, form: { sn, snType: '1', ratedPower: '5' } });
  await api('POST', '/api/v1/monitor/plant/addPlant', { token, form: {
    plantName: `E2E alarms ${prefix}`, timeZone: 'Asia/Shanghai', address: 'Alarm street 1', systemPower: String(5 * count), gridPrice: '0.5',
    currencyName: 'RMB', deviceSnArr: serials.join(','), powerArr: serials.map(() => '5').join(','), snType: '1',
  } });
  return serials;
}

/** The server's count behind the panel's alarm badge, as the badge writes it. */
async function badgeOf(username: string): Promise<string> {
  const token = await apiLogin(username);
  const { untreatedNum } = await api<{ untreatedNum: number }>('GET', '/api/v1/alarm/device/getUntreatedAlarmNum', { token, query: { countType: '1' } });
  return untreatedNum === 0 ? '' : untreatedNum > 99 ? '99+' : String(untreatedNum);
}

const badge = (page: Page, entry: string) => page.getByTestId(`panel-badge-${entry}`);

for (const lang of ['en', 'zh-CN'] as const) {
  const x = TEXTS[lang];

  test(`a device fault appears in the floating panel, is closed from the alarm centre, and the badge follows (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    const client = await gateway();
    // A code no catalogue names: the alarm is "Device fault <code>", unique to this run.
    const code = 10_000 + Math.floor(Math.random() * 79_000);
    const remark = `Reset the inverter on site (${code})`;

    await login(page, 'owner', { lang });
    await page.getByTestId('panel-entry-alarm').click();
    await expect(page.getByTestId('panel-content')).toHaveAttribute('data-tab', '2');

    await ingest(client, [{ sn: 'DEMOINV0101', faultCode: code }]);
    const item = page.getByTestId('panel-alarm').filter({ hasText: String(code) });
    await expect(item).toBeVisible();
    await expect.poll(async () => (await badge(page, 'alarm').getAttribute('data-count')) === await badgeOf('owner')).toBe(true);

    await page.getByTestId('panel-alarm-centre').click();
    await expect(page.getByTestId('alarm-centre')).toBeVisible();
    await expect(page.getByTestId('panel-content')).toBeHidden();
    const row = page.getByTestId('alarm-table').locator('tbody tr').filter({ hasText: String(code) });
    await row.getByTestId('alarm-row-manual-close').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('manual-close-form') });
    // The reason is required.
    await dialog.getByRole('button', { name: x.ok }).click();
    await expect(dialog.getByText(x.required)).toBeVisible();
    await dialog.getByRole('textbox').fill(remark);
    await dialog.getByRole('button', { name: x.ok }).click();
    await expect(dialog).toBeHidden();

    await expect(row.getByTestId('alarm-state')).toHaveText(x.closed);
    // The way to the alarm centre closed the panel's tab; opened again, it lists the alarm no more.
    await page.getByTestId('panel-entry-alarm').click();
    await expect(page.getByTestId('panel-alarms')).toHaveAttribute('data-loaded', 'true');
    await expect(item).toBeHidden();
    await page.getByTestId('panel-entry-alarm').click();
    await expect.poll(async () => (await badge(page, 'alarm').getAttribute('data-count')) === await badgeOf('owner')).toBe(true);

    // The history says who closed it and why.
    await row.getByTestId('alarm-open').click();
    const events = page.getByTestId('alarm-events');
    await expect(events.locator('tbody tr').filter({ hasText: remark })).toContainText(x.closedEvent);
    await expect(events.locator('tbody tr').filter({ hasText: remark })).toContainText('Olivia Owner');
    await page.keyboard.press('Escape');
    await expect(events).toBeHidden();

    // The open alarm centre lists the device's next fault as it is raised, without a reload.
    await ingest(client, [{ sn: 'DEMOINV0101', faultCode: code + 1 }]);
    await expect(page.getByTestId('alarm-table').locator('tbody tr').filter({ hasText: String(code + 1) }).getByTestId('alarm-state')).toHaveText(x.untreated);
  });

  test(`many alarms show the badge as 99+, and the panel's tabs open one at a time (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    const client = await gateway();
    // Five alarms a device (a fault, over-temperature, a low battery, grid over-voltage and an off
    // frequency) on the 21 inverters of a new plant of the administrator's.
    const serials = await plantOfInverters(await apiLogin('admin'), 21);

    await login(page, 'admin', { lang });
    await ingest(client, serials.map((sn, i) => ({ sn, faultCode: 10_000 + i, temperature: 95, batterySoc: 2, gridVoltage: 280, gridFrequency: 55 })));
    await expect(badge(page, 'alarm')).toHaveAttribute('data-count', '99+');
    expect(await badgeOf('admin')).toBe('99+');

    // One tab at a time; the open one closes on a second click and on Esc.
    await page.getByTestId('panel-entry-message').click();
    await expect(page.getByTestId('panel-content')).toHaveAttribute('data-tab', '1');
    await page.getByTestId('panel-entry-alarm').click();
    await expect(page.getByTestId('panel-content')).toHaveAttribute('data-tab', '2');
    await expect(page.getByTestId('panel-alarm')).toHaveCount(3);
    await page.getByTestId('panel-entry-alarm').click();
    await expect(page.getByTestId('panel-content')).toBeHidden();
    // The entries are buttons the keyboard reaches.
    await page.getByTestId('panel-entry-message').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('panel-content')).toHaveAttribute('data-tab', '1');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('panel-content')).toBeHidden();

    // Folded, the panel stays folded after a reload, and still shows the count.
    await page.getByTestId('panel-collapse').click();
    await page.reload();
    await expect(page.getByTestId('panel-expand')).toBeVisible();
    await expect(page.getByTestId('panel-entry-alarm')).toBeHidden();
    await page.getByTestId('panel-expand').click();
    await expect(badge(page, 'alarm')).toHaveAttribute('data-count', '99+');
  });
}
