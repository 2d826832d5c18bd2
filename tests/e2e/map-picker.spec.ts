// The map location picker on the plant wizard's step 2 (issue 8): tiles from the test tile server
// (MAP_TILE_URL, tests/fixtures/tile-server.mjs) under the page's Content-Security-Policy, and a
// southern-hemisphere point set by clicking the map, by typing, by dragging the marker and from
// the browser's position, then stored with the plant and shown again when it is edited.
import { expect, test, type Locator } from '@playwright/test';
import { login } from './portal';
import { fillPlantForm, openPlant, openPlantForm, saveNewPlant } from './plants';

const SYDNEY = { latitude: -33.8688, longitude: 151.2093 };
const PERTH = { latitude: -31.9523, longitude: 115.8613 };
/** A click lands a pixel or two from where it was aimed; at zoom 18 a pixel is about 0.5 m. */
const NEAR = 0.0005;

const coordinate = async (field: Locator) => Number(await field.inputValue());

async function middle(locator: Locator) {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, bottom: box.y + box.height };
}

/** Pixels between the marker's tip and the map's centre (0 when the map is centred on it). */
async function markerOffCentre(map: Locator) {
  const [tip, centre] = [await middle(map.locator('.leaflet-marker-icon')), await middle(map)];
  return Math.abs(tip.x - centre.x) + Math.abs(tip.bottom - centre.y);
}

test('a southern-hemisphere plant is placed on the map by click, typing, dragging and the browser position', async ({ page, context }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(SYDNEY);
  await login(page, 'admin');
  await openPlantForm(page);

  const map = page.getByTestId('map-picker-map');
  const latitude = page.getByLabel('Latitude');
  const longitude = page.getByLabel('Longitude');
  await map.scrollIntoViewIfNeeded();
  // The tiles come from the configured tile server, which the page's policy admits.
  const policy = (await page.request.get('/add-station')).headers()['content-security-policy']!;
  const tileSource = /img-src [^;]*?(http:\/\/127\.0\.0\.1:\d+)/.exec(policy)![1]!;
  const tileUrls = () => map.locator('img.leaflet-tile-loaded').evaluateAll((tiles) => tiles.map((tile) => (tile as HTMLImageElement).src));
  // Opened on the browser's position at zoom 18, without making it the plant's.
  await expect.poll(async () => {
    const urls = await tileUrls();
    return urls.length > 0 && urls.every((url) => url.startsWith(`${tileSource}/18/`));
  }).toBe(true);
  await expect(map).toContainText('© OpenStreetMap contributors');
  await expect(latitude).toHaveValue('');
  await expect(longitude).toHaveValue('');

  // A click on the map sets the point there.
  const centre = await middle(map);
  await page.mouse.click(centre.x, centre.y);
  await expect(map.locator('.leaflet-marker-icon')).toBeVisible();
  expect(Math.abs(await coordinate(latitude) - SYDNEY.latitude)).toBeLessThan(NEAR);
  expect(Math.abs(await coordinate(longitude) - SYDNEY.longitude)).toBeLessThan(NEAR);

  // The rest of the form (its coordinates too), then typed coordinates: the map centres on them.
  const name = `Map plant ${Date.now()}`;
  await fillPlantForm(page, name);
  await latitude.fill('-33.87');
  await longitude.fill('151.21');
  await longitude.blur();
  await expect.poll(() => markerOffCentre(map)).toBeLessThan(3);
  expect(await coordinate(latitude)).toBe(-33.87);
  expect(await coordinate(longitude)).toBe(151.21);

  // Dragging the marker south-east moves the point south (more negative) and east, by metres.
  const tip = await middle(map.locator('.leaflet-marker-icon'));
  await page.mouse.move(tip.x, tip.y);
  await page.mouse.down();
  await page.mouse.move(tip.x + 40, tip.y + 30, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => coordinate(latitude)).toBeLessThan(-33.87);
  expect(await coordinate(latitude)).toBeGreaterThan(-33.871);
  expect(await coordinate(longitude)).toBeGreaterThan(151.21);

  // "My location" makes the browser's position the plant's.
  await context.setGeolocation(PERTH);
  await page.getByRole('button', { name: 'My location' }).click();
  await expect.poll(() => coordinate(latitude)).toBe(PERTH.latitude);
  expect(await coordinate(longitude)).toBe(PERTH.longitude);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);

  // Stored with the plant: editing it shows the point, the map centred on its marker.
  await saveNewPlant(page);
  await openPlant(page, name);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByTestId('edit-plant').click();
  await expect.poll(() => coordinate(page.getByLabel('Latitude'))).toBe(PERTH.latitude);
  expect(await coordinate(page.getByLabel('Longitude'))).toBe(PERTH.longitude);
  await page.getByTestId('map-picker-map').scrollIntoViewIfNeeded();
  await expect.poll(() => markerOffCentre(page.getByTestId('map-picker-map'))).toBeLessThan(3);
});
