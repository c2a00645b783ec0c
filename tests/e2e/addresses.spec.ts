import { emptyVcardForm } from '../../src/schemas/vcard.ts';
import {
  callTrpc,
  expect,
  expectAccessibleInBothLanguages,
  freeUsername,
  signedInNewPerson,
  test,
} from './support.ts';

// docs/decisions/011-addresses-that-never-break.md, as a person sees it: the profile page says what a rename
// does before it is saved, the old address then opens the new one, and the account page lists the old
// name with where it leads.

test.slow();

test('a rename keeps the old address working and the account page lists it', async ({ page }) => {
  await signedInNewPerson(page, 'Grace Hopper');
  const { backgroundColour: _b, fontColour: _f, iconColour: _i, ...fields } = emptyVcardForm();
  const first = freeUsername();
  await callTrpc(page, 'profile.createCard', {
    ...fields,
    name: 'Grace Hopper',
    username: first,
    themeColour: '#00C2FF',
  });

  await page.goto('/dashboard/profile');
  const username = page.getByRole('textbox', { name: 'Username' });
  await expect(username).toHaveValue(first);
  await expect(page.getByText('Your current address keeps working')).toBeHidden();
  const second = freeUsername();
  await username.fill(second);
  await expect(page.getByText('Your current address keeps working')).toBeVisible();
  await expect(page.getByText(`/${first} redirects to your new address`, { exact: false })).toBeVisible();
  await expect(page.getByText('Available', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully', { exact: true })).toBeVisible();
  await expect(page.getByText('Your current address keeps working')).toBeHidden();

  // the printed address, as a phone's camera opens it
  await page.goto(`/${first}?qr`);
  await expect(page).toHaveURL(`/${second}?qr`);
  await expect(page.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();

  await page.goto('/dashboard/account');
  await expect(page.getByText('Earlier usernames, reserved for you')).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: `/${first} redirects to /${second}` }),
  ).toBeVisible();
  await expectAccessibleInBothLanguages(
    page,
    page.getByText('Nombres de usuario anteriores, reservados para ti'),
  );
});
