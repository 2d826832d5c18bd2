// Every page offers only what the caller may do (issue 20 item 6): the read-only demo visitor and
// a share's viewer see no control the server would refuse (delete, hand-over, the owner's details,
// sharing, the plant list's marks, changes of its own account), and no "Add visitor" under a refusal.
import { expect, test, type Page } from '@playwright/test';
import { login, openPage } from './portal';

/** Olivia's rooftop: in the demo office the visitor sees, and shared with owner2 (view only). */
const ROOFTOP = 'demo-plant-01';

async function expectNoChangeOnPlant(page: Page) {
  await openPage(page, `/plant?plantUid=${ROOFTOP}`);
  await expect(page.getByTestId('plant-title')).toHaveText('Olivia\'s rooftop');
  // The tabs that only look are there; those that change the plant are not offered at all.
  await expect(page.getByRole('tab', { name: 'Devices' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Sharing' })).toHaveCount(0);
  // A link to a hidden tab opens the overview, still without a control.
  for (const tab of ['settings', 'sharing']) {
    await openPage(page, `/plant?plantUid=${ROOFTOP}&tab=${tab}`);
    await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
    for (const id of ['delete-plant', 'edit-plant', 'change-owner', 'change-installer', 'add-visitor']) {
      await expect(page.getByTestId(id)).toHaveCount(0);
    }
    await expect(page.getByRole('button', { name: /^(Delete|Change owner|Change installer|Save|Add visitor)$/ })).toHaveCount(0);
  }
}

test('the demo visitor is offered nothing that changes a plant', async ({ page }) => {
  await page.goto('/demo');
  await expect(page.getByTestId('user-menu')).toContainText('Demo visitor');
  await expectNoChangeOnPlant(page);
  // The plant list lists the plants without favourite or pin buttons, which would be refused.
  // (Other tests add plants to the visitor's office, which list first: the rooftop is searched for.)
  await openPage(page, '/plant');
  await page.getByLabel('Plant, owner or address').fill('Olivia\'s rooftop');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('plant-table').getByRole('link', { name: 'Olivia\'s rooftop', exact: true })).toBeVisible();
  await expect(page.getByTestId('favourite')).toHaveCount(0);
  await expect(page.getByTestId('pin')).toHaveCount(0);
  // Its own account shows, without a form to change it, the avatar, the password or to cancel it.
  await openPage(page, '/personal-center');
  await expect(page.getByTestId('personal-read-only')).toBeVisible();
  await expect(page.getByTestId('personal-nickname')).toHaveText('Demo visitor');
  await expect(page.getByTestId('avatar-upload')).toHaveCount(0);
  // Its own tabs (the strip of visited pages above is the shell's, not the page's).
  await expect(page.getByRole('main').getByRole('tab')).toHaveCount(0);
});

test('a viewer of a shared plant is offered nothing that changes it', async ({ page }) => {
  await login(page, 'owner2');
  await expectNoChangeOnPlant(page);
});

test('the plant\'s owner is still offered the settings and the sharing', async ({ page }) => {
  await login(page, 'owner', { to: `/plant?plantUid=${ROOFTOP}&tab=settings` });
  await expect(page.getByTestId('delete-plant')).toBeVisible();
  await openPage(page, `/plant?plantUid=${ROOFTOP}&tab=sharing`);
  await expect(page.getByTestId('add-visitor')).toBeVisible();
});
