import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { paths } from '../../src/routes.ts';
import { TEAM_IMPORT_HEADERS, TEAM_IMPORT_TEMPLATE_DELIMITER } from '../../src/team-import.ts';
import { businessTeam, teamPersonOn } from './team-support.ts';
import { expect, expectAccessible, expectNoSidewaysScroll, newEmail, test, waitForMail } from './support.ts';

// A team's CSV import (issue "Business teams", bulk import): an admin downloads the template in their
// language, a file in another encoding is refused with its reason, then a file of people goes through the
// dry run (per row what will happen, errors filterable), the import (a progress bar, each row's result)
// and the result file. Both languages, phone and desktop, axe on every state.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const TEXTS = {
  en: {
    section: 'Import from a spreadsheet',
    template: 'Download the template (CSV)',
    templateName: 'team-import-template.csv',
    refused: 'This file cannot be imported',
    encoding: 'The file is not saved as UTF-8 text',
    choose: 'Choose a CSV file',
    toInvite: '2 to invite',
    notImported: '1 not imported',
    formula: 'Name: Looks like a spreadsheet formula',
    show: 'Show',
    importButton: 'Import 2 people',
    progress: 'Import progress',
    finished: 'Import finished',
    invited: '2 invited',
    download: 'Download results (CSV)',
    resultName: /^team-import-results-\d{4}-\d{2}-\d{2}\.csv$/,
    resultHeader: 'result,reason',
    activity: 'imported a spreadsheet: 2 people invited, 0 updated, 0 unchanged, 1 row not imported',
    role: 'admin',
  },
  es: {
    section: 'Importar desde una hoja de cálculo',
    template: 'Descargar la plantilla (CSV)',
    templateName: 'plantilla-importacion-equipo.csv',
    refused: 'Este archivo no se puede importar',
    encoding: 'El archivo no está guardado como texto UTF-8',
    choose: 'Elegir un archivo CSV',
    toInvite: 'Por invitar: 2',
    notImported: 'Sin importar: 1',
    formula: 'Nombre: Parece una fórmula de hoja de cálculo',
    show: 'Mostrar',
    importButton: 'Importar 2 personas',
    progress: 'Progreso de la importación',
    finished: 'Importación terminada',
    invited: 'Invitadas: 2',
    download: 'Descargar resultados (CSV)',
    resultName: /^resultados-importacion-\d{4}-\d{2}-\d{2}\.csv$/,
    resultHeader: 'resultado;motivo',
    activity:
      'importó una hoja de cálculo: 2 personas invitadas, 0 actualizadas, 0 sin cambios, 1 fila sin importar',
    role: 'Administrador',
  },
} as const;

/** Drops `text` as a file named `name` on the element, as a file dragged from the desktop is. */
async function dropFile(page: Page, target: Locator, name: string, text: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ fileName, content }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([content], fileName, { type: 'text/csv' }));
      return transfer;
    },
    { fileName: name, content: text },
  );
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

for (const language of ['en', 'es'] as const) {
  test(`an admin imports people from a CSV through the dry run and downloads the results (${language})`, async ({
    page,
    browser,
    extraHTTPHeaders,
  }, testInfo) => {
    const texts = TEXTS[language];
    // a Business owner's team, whose admin (on `page`) imports
    const { owner, team } = await businessTeam(browser, extraHTTPHeaders, { prefix: 'Acme', language });
    await teamPersonOn(page, owner.page, { teamId: team.id, name: 'Adam Admin', role: 'admin', language });
    await owner.page.context().close();

    await page.setViewportSize(DESKTOP);
    await page.goto(paths.team);
    const section = page.getByRole('region', { name: texts.section });
    await expect(section).toBeVisible();
    await expectAccessible(page);

    // the template: the import's columns under the headers of the person's language
    const [templateDownload] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: texts.template }).click(),
    ]);
    expect(templateDownload.suggestedFilename()).toBe(texts.templateName);
    const template = readFileSync(await templateDownload.path(), 'utf8');
    const delimiter = TEAM_IMPORT_TEMPLATE_DELIMITER[language];
    const headers = TEAM_IMPORT_HEADERS[language];
    expect(template).toBe(`\uFEFF${Object.values(headers).join(delimiter)}\r\n`);

    // a file saved as UTF-16 (Excel's "Unicode text") is refused whole, with what to do
    await section.locator('input[type=file]').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${headers.name},${headers.email}\r\nJos\xe9,jose@example.com\r\n`, 'utf16le'),
    });
    await expect(section.getByText(texts.refused)).toBeVisible();
    await expect(section.getByText(texts.encoding)).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await section.screenshot({ path: testInfo.outputPath(`import-refused-phone-${language}.png`) });
    await page.setViewportSize(DESKTOP);

    // the people, filled into the template: two new people (one an admin), and a formula that is refused
    const first = newEmail();
    const second = newEmail();
    const row = (cells: string[]) => cells.join(delimiter);
    const people = [
      template.trimEnd(),
      row([
        'Nadia Nueva',
        first,
        'Head of Sales',
        'Ventas',
        '+34 910 000 001',
        '+34 600 000 001',
        texts.role,
      ]),
      row(['Noah New', second, '', '', '', '', '']),
      row(["=cmd|' /C calc'!A0", newEmail(), '', '', '', '', '']),
    ].join('\r\n');
    // dropped on the zone in English, chosen with the button in Spanish
    if (language === 'en') {
      await dropFile(
        page,
        section.getByRole('button', { name: texts.choose }).locator('..'),
        'people.csv',
        people,
      );
    } else {
      await section.locator('input[type=file]').setInputFiles({
        name: 'people.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(people, 'utf8'),
      });
    }

    // the dry run: the counts, each row's plan, the refused row's reason
    await expect(section.getByText(texts.toInvite)).toBeVisible();
    await expect(section.getByText(texts.notImported)).toBeVisible();
    await expect(section.getByRole('row', { name: /Nadia Nueva/ })).toBeVisible();
    await expect(section.getByText(texts.formula)).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({
      path: testInfo.outputPath(`import-dry-run-desktop-${language}.png`),
      fullPage: true,
    });
    // only the refused rows
    await section.getByLabel(texts.show, { exact: true }).selectOption('error');
    await expect(section.getByRole('row', { name: /Nadia Nueva/ })).toHaveCount(0);
    await expect(section.getByText(texts.formula)).toBeVisible();
    await section.getByLabel(texts.show, { exact: true }).selectOption('all');
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.screenshot({
      path: testInfo.outputPath(`import-dry-run-phone-${language}.png`),
      fullPage: true,
    });

    // the import: its progress while the server works, then each row's result
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/teams/import/run*', async (route) => {
      await held;
      await route.continue();
    });
    await section.getByRole('button', { name: texts.importButton }).click();
    await expect(section.getByRole('progressbar', { name: texts.progress })).toBeVisible();
    await expectAccessible(page);
    release();
    await expect(section.getByText(texts.finished)).toBeVisible();
    await expect(section.getByText(texts.invited)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`import-done-phone-${language}.png`), fullPage: true });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({
      path: testInfo.outputPath(`import-done-desktop-${language}.png`),
      fullPage: true,
    });

    // the result file: the upload's columns with each row's result, the formula written as text
    const [resultDownload] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: texts.download }).click(),
    ]);
    expect(resultDownload.suggestedFilename()).toMatch(texts.resultName);
    const result = readFileSync(await resultDownload.path(), 'utf8');
    expect(result.split('\r\n')[0]).toContain(texts.resultHeader);
    expect(result).toContain(first);
    expect(result.split(/\r?\n/).some((line) => /^[=+\-@]/.test(line))).toBe(false);
    expect(result).toContain("'=cmd|");

    // the invitations went out in the team's name, and the team's log has the import
    const mail = await waitForMail(first, (m) => m.body.includes(paths.team));
    expect(mail.subject).toContain(team.name);
    await expect(page.getByText(`Adam Admin ${texts.activity}`)).toBeVisible();
  });
}
