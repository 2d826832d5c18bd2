// Steps the plant browser tests share: registering serials on the device import page, scanning
// them in the wizard, filling the plant form, and reading the wizard's warnings.
import { expect, type Page } from '@playwright/test';
import { openPage } from './portal';

export const DEVICE_IMPORT_PAGE = '/service/device-import';

/** A serial nobody has used: a prefix, the time and a counter. */
let counter = 0;
export const newSerial = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${(counter++).toString(36).toUpperCase()}`;

export interface ImportedDevice {
  sn: string;
  type: string;
  ratedPower?: string;
  parentSn?: string;
}

/** Registers one serial through the single form of the device import page (service staff). */
export async function importDevice(page: Page, device: ImportedDevice) {
  await openPage(page, DEVICE_IMPORT_PAGE);
  const form = page.getByTestId('device-import-single');
  await form.getByLabel('Serial number').fill(device.sn);
  await form.getByTestId('sn-type').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(device.type, { exact: true }).click();
  if (device.ratedPower) await form.getByLabel('Rated power').fill(device.ratedPower);
  if (device.parentSn) await form.getByLabel('Parent device').fill(device.parentSn);
  await page.getByTestId('device-import-save').click();
  await expect(page.getByText(`${device.sn} has been added to the inventory`)).toBeVisible();
}

/** Types a serial into the scan step and presses Scan. */
export async function scan(page: Page, sn: string) {
  await page.getByTestId('scan-input').fill(sn);
  await page.getByTestId('scan-button').click();
}

/** The warning toast with this text appears (antd message). */
export async function expectWarning(page: Page, text: string) {
  await expect(page.locator('.ant-message-notice').filter({ hasText: text }).last()).toBeVisible();
}

/** Picks an option of the antd Select in the form item labelled `label`, typing to find it. */
export async function choose(page: Page, label: string, option: string | RegExp) {
  const item = page.locator('.ant-form-item').filter({ has: page.getByText(label, { exact: true }) }).first();
  await item.locator('.ant-select-selector').click();
  await page.keyboard.type(typeof option === 'string' ? option : option.source);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

/** Fills step 2 for an Australian plant (any site: the AU fields appear only on the AU site). */
export async function fillPlantForm(page: Page, name: string) {
  const form = page.getByTestId('plant-form');
  await expect(form).toBeVisible();
  await form.getByLabel('Plant name').fill(name);
  await choose(page, 'Country', 'Australia');
  await choose(page, 'Time zone', 'Sydney');
  await form.getByLabel('Address', { exact: true }).fill('1 Solar Street, Sydney');
  await form.getByLabel('Latitude').fill('-33.8688');
  await form.getByLabel('Longitude').fill('151.2093');
  await form.getByLabel('Grid price per kWh').fill('0.3');
}

/** The wizard page's step 2 for a plant of one new inverter; answers the inverter's serial. */
export async function openPlantForm(page: Page): Promise<string> {
  const sn = newSerial('E2EINV');
  await importDevice(page, { sn, type: 'Inverter', ratedPower: '5' });
  await openPage(page, '/add-station');
  await scan(page, sn);
  await expect(page.getByTestId('scan-box')).toHaveCount(1);
  // The rated power starts empty whatever the inventory says: the system power is what was typed.
  await page.getByLabel(`Rated power of ${sn}`).fill('5');
  await page.getByTestId('scan-step').getByTestId('wizard-next').click();
  await expect(page.getByTestId('plant-form')).toBeVisible();
  return sn;
}

/** Saves the plant of a filled step 2, through the installer step when there is one. */
export async function saveNewPlant(page: Page) {
  await page.getByTestId('plant-form').getByRole('button', { name: /Next|Save/ }).click();
  const added = page.getByText('The plant has been added');
  // Wait for whichever comes: the installer step (office 1) or the saved plant.
  await expect(page.getByTestId('installer-step').or(added).first()).toBeVisible();
  if (await page.getByTestId('installer-step').isVisible()) await page.getByTestId('installer-step').getByTestId('wizard-save').click();
  await expect(added).toBeVisible();
}

/** Adds a plant of one new inverter through the wizard page; answers the inverter's serial. */
export async function addPlant(page: Page, name: string): Promise<string> {
  const sn = await openPlantForm(page);
  await fillPlantForm(page, name);
  await saveNewPlant(page);
  return sn;
}

/** Opens a plant's detail from the plant list, found by its name. */
export async function openPlant(page: Page, name: string) {
  await openPage(page, '/plant');
  await page.getByTestId('plant-filters').getByLabel('Plant, owner or address').fill(name);
  await page.getByTestId('plant-filters').getByRole('button', { name: 'Search' }).click();
  await page.getByTestId('plant-table').getByRole('link', { name, exact: true }).click();
  await expect(page.getByTestId('plant-title')).toHaveText(name);
}
