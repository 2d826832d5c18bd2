// `npm run new:resource` seen in the browser (issue 21): in a scratch copy of the repository a new
// resource gets two fields of different kinds in its entity only, `npm run gen` and
// `npm run db:generate` run, and the portal started from the copy (which builds its own web app)
// offers the screen under System, in English and in Chinese, backed by its real database. The
// API side of the same path is tests/api/new-resource.test.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { scratchRepo, type ScratchRepo } from '../fixtures/scratch-repo';
import { BASE_PORT } from './ports';
import { chooseOption, login, openFromMenu } from './portal';

/** A port of its own, beside the lanes' portals (ports.ts). */
const PORT = BASE_PORT + 5;
const BASE_URL = `http://127.0.0.1:${PORT}`;

let repo: ScratchRepo;
let server: ChildProcess;
let serverLog = '';

async function answering(url: string, until: number): Promise<void> {
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the scratch portal stopped:\n${serverLog}`);
    const status = await fetch(url).then((r) => r.status, () => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the scratch portal did not answer:\n${serverLog}`);
}

test.beforeAll(async () => {
  // Writing, generating, building the copy's web app and starting it: minutes on a busy machine.
  test.setTimeout(420_000);
  repo = scratchRepo();
  repo.run('new-resource.ts', 'meter-tariff', '--zh', '电表资费');
  const file = 'schemas/entities/meter-tariff.schema.json';
  const entity = repo.readJson<{ properties: Record<string, unknown> }>(file);
  Object.assign(entity.properties, {
    price: { type: 'number', title: 'meterTariff.fields.price', minimum: 0, maximum: 100, multipleOf: 0.0001 },
    kind: { type: 'string', enum: ['flat', 'timeOfUse'], title: 'meterTariff.fields.kind' },
  });
  repo.writeJson(file, entity);
  const descriptorFile = 'schemas/resources/meter-tariff.resource.json';
  const descriptor = repo.readJson<{ list: { columns: string[] } }>(descriptorFile);
  descriptor.list.columns = ['name', 'price', 'kind'];
  repo.writeJson(descriptorFile, descriptor);
  // Every language file holds every text (src/i18n/i18n.test.ts); languages without a translation
  // yet carry the English, as new:resource writes them.
  const texts = {
    en: { fields: { price: 'Price per kWh', kind: 'Kind' }, kinds: { flat: 'Flat', timeOfUse: 'Time of use' } },
    'zh-CN': { fields: { price: '每千瓦时价格', kind: '类型' }, kinds: { flat: '单一电价', timeOfUse: '分时电价' } },
  };
  for (const file of readdirSync(path.join(repo.root, 'src/i18n')).filter((f) => f.endsWith('.json'))) {
    const { fields, kinds } = file === 'zh-CN.json' ? texts['zh-CN'] : texts.en;
    const messages = repo.readJson<Record<string, Record<string, Record<string, unknown>>>>(`src/i18n/${file}`);
    Object.assign(messages.meterTariff!.fields!, fields);
    (messages.enums as Record<string, unknown>)['meter-tariff'] = { kind: kinds };
    repo.writeJson(`src/i18n/${file}`, messages);
  }
  repo.run('gen.ts');
  repo.run('db-generate.ts');
  server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    cwd: repo.root,
    env: { ...process.env, PORT: String(PORT), WEB_DIST: `${repo.root}/dist`, SIM: '0', MQTT: '0', LOG_LEVEL: 'warn', RATE_LIMIT_PER_IP: '0', RATE_LIMIT_PER_TOKEN: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => { serverLog += chunk.toString(); });
  server.stderr!.on('data', (chunk: Buffer) => { serverLog += chunk.toString(); });
  await answering(`${BASE_URL}/login`, Date.now() + 400_000);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  repo?.remove();
});

test.use({ baseURL: BASE_URL });

const form = (page: Page) => page.locator('form.rjsf');
const item = (page: Page, label: string) => page.locator('form.rjsf .ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) }).last();

test('the new screen lists, creates and shows its records, in English and in Chinese', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Tariff ${Date.now().toString(36)}`;
  await login(page, 'admin');
  await openFromMenu(page, 'System', 'Meter tariffs', /\/meter-tariff/);
  await page.getByRole('button', { name: /Create$/ }).click();
  await form(page).getByLabel('Name', { exact: true }).fill(name);
  await form(page).getByLabel('Price per kWh', { exact: true }).fill('0.0811');
  await chooseOption(page, item(page, 'Kind'), 'Time of use');
  await page.getByTestId('form-submit').click();
  await expect(page.getByText(`Meter tariff ${name} created`)).toBeVisible();
  const row = page.getByTestId('resource-table').locator('tbody tr').filter({ hasText: name });
  await expect(row).toContainText('0.0811');
  await expect(row).toContainText('Time of use');

  await page.evaluate(() => localStorage.setItem('lang', JSON.stringify({ value: 'zh-CN', expiresAt: null })));
  await page.reload();
  await expect(page.getByTestId('side-menu')).toContainText('电表资费列表');
  await expect(page.getByTestId('resource-table').locator('thead')).toContainText('每千瓦时价格');
  await expect(row).toContainText('分时电价');
});
