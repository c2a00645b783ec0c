import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { teamImportFixture } from '../../scripts/lib/team-import-file.ts';
import { checkTeamImportRows, type CheckedTeamImportRow } from '../../server/teams/import-check.ts';
import { readTeamImportFile, type TeamImportFile } from '../../server/teams/import-file.ts';
import { IN_OTHER_TEAM, planTeamImport, type TeamImportState } from '../../server/teams/import-plan.ts';
import { teamImportResultCsv, teamImportRowResult } from '../../server/teams/import-result.ts';
import { TEAM_IMPORT_TEXTS } from '../../server/teams/import-texts.ts';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import {
  VCARD_NAME_MAX_LENGTH,
  VCARD_PHONE_MAX_LENGTH,
  VCARD_TEXT_MAX_LENGTH,
} from '../../src/schemas/vcard.ts';
import {
  TEAM_IMPORT_HEADERS,
  TEAM_IMPORT_MAX_BYTES,
  TEAM_IMPORT_MAX_COLUMNS,
  TEAM_IMPORT_MAX_ROWS,
  TEAM_IMPORT_ROW_MESSAGES,
  TEAM_IMPORT_TEMPLATE_DELIMITER,
  emptyTeamImportCounts,
  looksLikeFormula,
  teamImportColumnOf,
  teamImportCountsOf,
  teamImportEventSubject,
  teamImportRoleOf,
  teamImportTemplate,
  type TeamImportCard,
} from '../../src/team-import.ts';
import { TEAM_MEMBERS_MAX } from '../../src/teams.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);
const BOM = '\uFEFF';
/** A phone number of the most characters a card takes, with its extension. */
const LONGEST_PHONE = '0034 600 123 456 x12';

/** The file of `text`, which the test expects to be read. */
function readFile(text: string | Uint8Array): TeamImportFile {
  const result = readTeamImportFile(typeof text === 'string' ? utf8(text) : text);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.problem)}`);
  return result.file;
}

/** The checked rows of `text`. */
const checkText = (text: string) => checkTeamImportRows(readFile(text));

function issuesOf(row: CheckedTeamImportRow | undefined) {
  if (!row || row.ok) throw new Error(`row is not refused: ${JSON.stringify(row)}`);
  return row.issues;
}

function personOf(row: CheckedTeamImportRow | undefined) {
  if (!row?.ok) throw new Error(`row is refused: ${JSON.stringify(row)}`);
  return row.person;
}

describe('the columns of an import file', () => {
  it('are recognised in English and Spanish, whatever their case, spaces, hyphens and accents', () => {
    const spellings: [string, string | null][] = [
      ['Name', 'name'],
      ['  NOMBRE ', 'name'],
      ['Email', 'email'],
      ['E-mail', 'email'],
      ['e mail', 'email'],
      ['Correo electrónico', 'email'],
      ['correo electronico', 'email'],
      ['Position', 'position'],
      ['Cargo', 'position'],
      ['Department', 'department'],
      ['Departamento', 'department'],
      ['Work phone', 'workPhone'],
      ['Teléfono del trabajo', 'workPhone'],
      ['Mobile', 'phone'],
      ['Móvil', 'phone'],
      ['MOVIL', 'phone'],
      ['Mobile phone', 'phone'],
      ['Role', 'role'],
      ['Rol', 'role'],
      // a bare phone could be either number: not guessed
      ['Phone', null],
      ['Teléfono', null],
      ['Notes', null],
    ];
    for (const [header, column] of spellings) expect(teamImportColumnOf(header), header).toBe(column);
  });

  it('have a template header in each language that names its own column', () => {
    for (const headers of Object.values(TEAM_IMPORT_HEADERS)) {
      for (const [column, header] of Object.entries(headers)) expect(teamImportColumnOf(header)).toBe(column);
    }
  });

  it('name roles in English and Spanish, owner included (so that it is refused as such)', () => {
    expect(teamImportRoleOf('Admin')).toBe('admin');
    expect(teamImportRoleOf('administradora')).toBe('admin');
    expect(teamImportRoleOf(' MIEMBRO ')).toBe('member');
    expect(teamImportRoleOf('Propietario')).toBe('owner');
    expect(teamImportRoleOf('boss')).toBeNull();
  });
});

describe('a cell that looks like a spreadsheet formula', () => {
  it.each([
    "=cmd|' /C calc'!A0",
    '@SUM(1)',
    '-2+3',
    '+cmd|calc',
    '=HYPERLINK("http://x.example","click")',
    '\t=1',
    '\rname',
    '  =1+1',
    '-Sales-',
    '+34 600 000 000 ext. 12',
  ])('%j is one', (cell) => {
    expect(looksLikeFormula(cell)).toBe(true);
  });

  it.each(['+34 600 000 000', '+1 (555) 010-9999', '0034 600 000 000', '-', '+', 'Ana = Bea', 'R&D', ''])(
    '%j is not',
    (cell) => {
      expect(looksLikeFormula(cell)).toBe(false);
    },
  );
});

describe('reading an import file', () => {
  it('reads UTF-8 with and without a byte order mark alike', () => {
    const text = 'Name,Email\nJosé Núñez,jose@example.com\n';
    const withBom = readFile(BOM + text);
    expect(withBom.headers).toEqual(['Name', 'Email']);
    expect(withBom).toEqual(readFile(text));
    expect(withBom.rows).toEqual([{ row: 2, cells: ['José Núñez', 'jose@example.com'] }]);
  });

  it('reads semicolons (a Spanish Excel), tabs and commas, with Spanish headers', () => {
    const semicolons = readFile(
      `${BOM}Nombre;Correo electrónico;Departamento\r\nAna Muñoz;ana@example.com;Ventas, EMEA\r\n`,
    );
    expect(semicolons.delimiter).toBe(';');
    expect(semicolons.columns).toEqual({ name: 0, email: 1, department: 2 });
    expect(semicolons.rows[0]?.cells).toEqual(['Ana Muñoz', 'ana@example.com', 'Ventas, EMEA']);

    const tabs = readFile('Name\tEmail\tPosition\nAna\tana@example.com\tCFO, interim\n');
    expect(tabs.delimiter).toBe('\t');
    expect(tabs.rows[0]?.cells).toEqual(['Ana', 'ana@example.com', 'CFO, interim']);

    const commas = readFile('Name,Email\n"Muñoz; Ana",ana@example.com\n');
    expect(commas.delimiter).toBe(',');
    expect(commas.rows[0]?.cells).toEqual(['Muñoz; Ana', 'ana@example.com']);
  });

  it("follows Excel's sep= line", () => {
    const file = readFile('sep=;\nName;Email\nAna;ana@example.com\n');
    expect(file.delimiter).toBe(';');
    expect(file.rows).toEqual([{ row: 2, cells: ['Ana', 'ana@example.com'] }]);
  });

  it('reads quoted cells across lines, and numbers rows as a spreadsheet does', () => {
    const file = readFile(
      'Name,Email,Notes\n"Ana\nMuñoz",ana@example.com,"one\r\ntwo"\n\n,,\nBea,bea@example.com,\r\nCarl,carl@example.com,x\r',
    );
    expect(file.rows).toEqual([
      { row: 2, cells: ['Ana\nMuñoz', 'ana@example.com', 'one\r\ntwo'] },
      // the blank rows 3 and 4 are skipped but counted
      { row: 5, cells: ['Bea', 'bea@example.com', ''] },
      { row: 6, cells: ['Carl', 'carl@example.com', 'x'] },
    ]);
  });

  it('takes ragged rows: missing cells are blank, cells past the header are dropped', () => {
    const file = readFile('Name,Email,Role\nAna,ana@example.com\nBea,bea@example.com,admin,extra,more\n');
    expect(file.rows.map((row) => row.cells)).toEqual([
      ['Ana', 'ana@example.com', ''],
      ['Bea', 'bea@example.com', 'admin'],
    ]);
  });

  it('skips blank rows above the header', () => {
    const file = readFile('\n,\nName,Email\nAna,ana@example.com\n');
    expect(file.headers).toEqual(['Name', 'Email']);
    expect(file.rows).toEqual([{ row: 4, cells: ['Ana', 'ana@example.com'] }]);
  });

  it('reports columns it does not read once, and does not read them', () => {
    const file = readFile('Name,Email,Notes,Phone,Notes,\nAna,ana@example.com,=1+1,600,x,y\n');
    expect(file.ignoredHeaders).toEqual(['Notes', 'Phone']);
    expect(file.columns).toEqual({ name: 0, email: 1 });
    expect(checkTeamImportRows(file)[0]?.ok).toBe(true);
  });

  it('refuses a file without the e-mail or the name column, naming it', () => {
    expect(readTeamImportFile(utf8('Name,Position\nAna,CFO\n'))).toEqual({
      ok: false,
      problem: { message: M.teamImportColumnMissing, column: 'email' },
    });
    expect(readTeamImportFile(utf8('Correo;Puesto\nana@example.com;CFO\n'))).toEqual({
      ok: false,
      problem: { message: M.teamImportColumnMissing, column: 'name' },
    });
    // the wrong columns altogether
    expect(readTeamImportFile(utf8('id,first,last\n1,Ana,Muñoz\n'))).toMatchObject({
      ok: false,
      problem: { message: M.teamImportColumnMissing },
    });
  });

  it('reads a name split in two columns, as HR exports and Spanish spreadsheets write it', () => {
    const english = checkText('First name,Last name,Email\nAna,García López,ana@example.com\n');
    expect(personOf(english[0]).card).toEqual({
      name: 'Ana García López',
      givenName: 'Ana',
      familyName: 'García López',
    });
    // beside "Apellidos", "Nombre" is the first name
    const spanish = readFile('Nombre;Apellidos;Correo electrónico\nMaría José;Ruiz;mj@example.com\n');
    expect(spanish.columns.name).toBeUndefined();
    expect(personOf(checkTeamImportRows(spanish)[0]).card).toEqual({
      name: 'María José Ruiz',
      givenName: 'María José',
      familyName: 'Ruiz',
    });
    // one part blank: the name is the other; both blank: no name
    const halves = checkText('Given name,Surname,Email\nPrince,,p@example.com\n,,nobody@example.com\n');
    expect(personOf(halves[0]).card).toEqual({ name: 'Prince', givenName: 'Prince', familyName: null });
    expect(issuesOf(halves[1])).toEqual([{ column: 'name', message: M.vcardNameRequired }]);
    // a Name column beside the parts is the name; the parts are its contact's
    const both = checkText('Name,First name,Last name,Email\nDr Ana García,Ana,García,ana@example.com\n');
    expect(personOf(both[0]).card).toEqual({ name: 'Dr Ana García', givenName: 'Ana', familyName: 'García' });
  });

  it('refuses a formula or an over-long text in either part of a name, on the name', () => {
    const rows = checkText(
      [
        'First name,Last name,Email',
        `Ana,=HYPERLINK("http://x"),a@example.com`,
        `${'A'.repeat(VCARD_TEXT_MAX_LENGTH + 1)},Ruiz,b@example.com`,
      ].join('\n'),
    );
    expect(issuesOf(rows[0])).toEqual([{ column: 'name', message: M.teamImportFormula }]);
    expect(issuesOf(rows[1])).toEqual([{ column: 'name', message: M.vcardFieldTooLong }]);
  });

  it('refuses two columns that are the same, naming it', () => {
    expect(readTeamImportFile(utf8('Name,Email,Correo\nAna,a@example.com,b@example.com\n'))).toEqual({
      ok: false,
      problem: { message: M.teamImportColumnTwice, column: 'email' },
    });
  });

  it("reads what is not UTF-8 as Windows-1252 (a spreadsheet's CSV on Windows), and refuses UTF-16", () => {
    const latin1 = Buffer.from('Nombre;Correo\nJos\xe9 Ib\xe1\xf1ez \x80;jose@example.com\n', 'latin1');
    const read = readTeamImportFile(latin1);
    expect(read.ok && read.file.rows).toEqual([{ row: 2, cells: ['José Ibáñez €', 'jose@example.com'] }]);
    // Excel's "Unicode text": UTF-16 with and without its byte order mark
    const utf16 = Buffer.from('Name\tEmail\nAna\tana@example.com\n', 'utf16le');
    expect(readTeamImportFile(Buffer.concat([Buffer.from([0xff, 0xfe]), utf16]))).toEqual({
      ok: false,
      problem: { message: M.teamImportFileEncoding },
    });
    expect(readTeamImportFile(utf16)).toEqual({ ok: false, problem: { message: M.teamImportFileEncoding } });
  });

  it('refuses a file over the size limit before reading it', () => {
    const tenMegabytes = new Uint8Array(10 * 1024 * 1024).fill(0xff);
    expect(readTeamImportFile(tenMegabytes)).toEqual({
      ok: false,
      problem: { message: M.teamImportFileTooLarge },
    });
    const justOver = new Uint8Array(TEAM_IMPORT_MAX_BYTES + 1).fill(0x61);
    expect(readTeamImportFile(justOver)).toEqual({
      ok: false,
      problem: { message: M.teamImportFileTooLarge },
    });
  });

  it('takes a whole team, and refuses a file with more rows', () => {
    const whole = teamImportFixture({ rows: TEAM_IMPORT_MAX_ROWS });
    expect(whole.bytes.byteLength).toBeLessThan(TEAM_IMPORT_MAX_BYTES);
    expect(readFile(whole.bytes).rows).toHaveLength(TEAM_IMPORT_MAX_ROWS);
    const tooMany = `Name,Email\n${'A,a@example.com\n'.repeat(TEAM_IMPORT_MAX_ROWS + 1)}`;
    // one short row a line, or blank rows, as many as fit in the largest file
    const shortRows = `Name,Email\n${'A\n'.repeat((TEAM_IMPORT_MAX_BYTES - 11) / 2)}`;
    const blankRows = `Name,Email,Role\n${',\n'.repeat((TEAM_IMPORT_MAX_BYTES - 16) / 2)}`;
    for (const text of [tooMany, shortRows, blankRows]) {
      expect(text.length).toBeLessThanOrEqual(TEAM_IMPORT_MAX_BYTES);
      expect(readTeamImportFile(utf8(text))).toEqual({
        ok: false,
        problem: { message: M.teamImportFileTooManyRows },
      });
    }
    // four files of 2 MB: a second or two alone, longer beside the other suites on a busy CI machine
  }, 30_000);

  it('drops blank headers at the end, and refuses more columns than a sheet of old Excel', () => {
    const trailing = readFile('Name,Email,,,\nAna,ana@example.com,,,x\n');
    expect(trailing.headers).toEqual(['Name', 'Email']);
    expect(trailing.rows[0]?.cells).toEqual(['Ana', 'ana@example.com']);
    const widest = [
      'Name',
      'Email',
      ...Array.from({ length: TEAM_IMPORT_MAX_COLUMNS - 2 }, (_, i) => `c${i}`),
    ];
    expect(readFile(`${widest.join(',')}\nAna,ana@example.com\n`).rows[0]?.cells).toHaveLength(
      TEAM_IMPORT_MAX_COLUMNS,
    );
    expect(readTeamImportFile(utf8(`${widest.join(',')},one more\nAna,ana@example.com\n`))).toEqual({
      ok: false,
      problem: { message: M.teamImportFileTooManyColumns },
    });
  });

  it('refuses an empty file and a file with only its header', () => {
    for (const empty of ['', BOM, ' \r\n\n', ',,,\n,,\n', ';;;\r\n;;']) {
      expect(readTeamImportFile(utf8(empty)), JSON.stringify(empty)).toEqual({
        ok: false,
        problem: { message: M.teamImportFileEmpty },
      });
    }
    for (const headerOnly of ['Name,Email', 'Name,Email\r\n', 'Name;Email\n;\n\n']) {
      expect(readTeamImportFile(utf8(headerOnly)), JSON.stringify(headerOnly)).toEqual({
        ok: false,
        problem: { message: M.teamImportFileNoRows },
      });
    }
  });

  it('refuses a quote never closed, naming the line where the unreadable row starts', () => {
    const text =
      'Name,Email\n"Ana\nMuñoz",ana@example.com\nBea,bea@example.com\n"Carl,carl@example.com\nDan,d@example.com\n';
    expect(readTeamImportFile(utf8(text))).toEqual({
      ok: false,
      problem: { message: M.teamImportFileUnreadable, line: 5 },
    });
    expect(readTeamImportFile(utf8(`sep=,\n${text}`))).toEqual({
      ok: false,
      problem: { message: M.teamImportFileUnreadable, line: 6 },
    });
  });

  it('never throws, whatever the bytes', () => {
    let state = 7;
    const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
    const alphabet = ['"', ',', ';', '\t', '\n', '\r', 'a', '@', '=', ' ', 'é', '\uFEFF', 'Name', 'Email'];
    for (let run = 0; run < 300; run++) {
      const text = Array.from(
        { length: Math.floor(next() * 60) },
        () => alphabet[Math.floor(next() * alphabet.length)],
      ).join('');
      const bytes =
        run % 3 === 0 ? Uint8Array.from({ length: 40 }, () => Math.floor(next() * 256)) : utf8(text);
      const result = readTeamImportFile(bytes);
      expect(typeof result.ok).toBe('boolean');
      if (result.ok) expect(() => checkTeamImportRows(result.file)).not.toThrow();
    }
  });
});

describe('checking the rows of an import file', () => {
  it('takes a good row with the card fields of the columns the file has, and its address in lower case', () => {
    const [row] = checkText(
      'Nombre;Correo electrónico;Puesto;Departamento;Teléfono del trabajo;Móvil;Rol\n' +
        ' Ana Muñoz ;Ana.Munoz@Example.COM;Jefa de ventas;;+34 91 000 00 00;+34 600 000 000;Administradora\n',
    );
    expect(personOf(row)).toEqual({
      email: 'ana.munoz@example.com',
      role: 'admin',
      card: {
        name: 'Ana Muñoz',
        position: 'Jefa de ventas',
        department: null,
        workPhone: '+34 91 000 00 00',
        phone: '+34 600 000 000',
      },
    });
    // columns the file lacks are not in the card: the import leaves those fields as they are
    expect(personOf(checkText('Name,Email\nBea,bea@example.com\n')[0])).toEqual({
      email: 'bea@example.com',
      role: null,
      card: { name: 'Bea' },
    });
  });

  it('refuses formula cells on their row and column, and keeps a phone number that starts with +', () => {
    const rows = checkText(
      [
        'Name,Email,Position,Department,Work phone,Mobile,Role',
        `"=cmd|' /C calc'!A0",a@example.com,,,,,`,
        'Bea,b@example.com,@SUM(1),-2+3,,,',
        'Carl,c@example.com,,,"\t+1",+34 600 000 000,=1',
        'Dan,d@example.com,CFO,,+34 600 000 000,+44 20 7946 0000,',
      ].join('\n'),
    );
    expect(issuesOf(rows[0])).toEqual([{ column: 'name', message: M.teamImportFormula }]);
    expect(issuesOf(rows[1])).toEqual([
      { column: 'position', message: M.teamImportFormula },
      { column: 'department', message: M.teamImportFormula },
    ]);
    expect(issuesOf(rows[2])).toEqual([
      { column: 'workPhone', message: M.teamImportFormula },
      { column: 'role', message: M.teamImportFormula },
    ]);
    expect(personOf(rows[3]).card).toMatchObject({ workPhone: '+34 600 000 000', phone: '+44 20 7946 0000' });
  });

  it("holds each field to the card form's own limits and rules", () => {
    const rows = checkText(
      [
        'Name,Email,Position,Department,Work phone,Mobile',
        `${'N'.repeat(VCARD_NAME_MAX_LENGTH)},a@example.com,${'p'.repeat(VCARD_TEXT_MAX_LENGTH)},,${LONGEST_PHONE},`,
        `${'N'.repeat(VCARD_NAME_MAX_LENGTH + 1)},b@example.com,${'p'.repeat(VCARD_TEXT_MAX_LENGTH + 1)},${'d'.repeat(VCARD_TEXT_MAX_LENGTH + 1)},${'1'.repeat(VCARD_PHONE_MAX_LENGTH + 1)},`,
        ',not-an-address,,,,',
        '"Ana\nMuñoz",,,Ventas\u202E,,',
        'Pat Phone,pat@example.com,,,not a phone,0034 12',
      ].join('\n'),
    );
    expect(rows[0]?.ok).toBe(true);
    expect(issuesOf(rows[1])).toEqual([
      { column: 'name', message: M.vcardNameTooLong },
      { column: 'position', message: M.vcardFieldTooLong },
      { column: 'department', message: M.vcardFieldTooLong },
      { column: 'workPhone', message: M.vcardPhoneTooLong },
    ]);
    expect(issuesOf(rows[2])).toEqual([
      { column: 'name', message: M.vcardNameRequired },
      { column: 'email', message: M.emailInvalid },
    ]);
    expect(issuesOf(rows[3])).toEqual([
      { column: 'name', message: M.textControlCharacters },
      { column: 'email', message: M.required },
      { column: 'department', message: M.textControlCharacters },
    ]);
    expect(issuesOf(rows[4])).toEqual([
      { column: 'workPhone', message: M.vcardPhoneInvalid },
      { column: 'phone', message: M.vcardPhoneInvalid },
    ]);
  });

  it('takes member and admin in English and Spanish, blank as no role, and refuses owner and other words', () => {
    const rows = checkText(
      'Name,Email,Role\nA,a@example.com,member\nB,b@example.com,Administrador\nC,c@example.com,\nD,d@example.com,owner\nE,e@example.com,Propietaria\nF,f@example.com,boss\n',
    );
    expect(rows.slice(0, 3).map((row) => personOf(row).role)).toEqual(['member', 'admin', null]);
    expect(issuesOf(rows[3])).toEqual([{ column: 'role', message: M.teamImportRoleOwner }]);
    expect(issuesOf(rows[4])).toEqual([{ column: 'role', message: M.teamImportRoleOwner }]);
    expect(issuesOf(rows[5])).toEqual([{ column: 'role', message: M.teamImportRoleInvalid }]);
  });

  it('refuses the later rows of an address the file has twice, naming the first row', () => {
    const rows = checkText(
      'Name,Email\nAna,ana@example.com\n\nBea,bea@example.com\nAna again,ANA@example.com \nToo long ' +
        `${'n'.repeat(VCARD_NAME_MAX_LENGTH)},ana@example.com\n`,
    );
    expect(rows[0]?.ok).toBe(true);
    expect(rows[1]?.ok).toBe(true);
    expect(issuesOf(rows[2])).toEqual([{ column: 'email', message: M.teamImportEmailRepeated, firstRow: 2 }]);
    expect(issuesOf(rows[3])).toEqual([
      { column: 'name', message: M.vcardNameTooLong },
      { column: 'email', message: M.teamImportEmailRepeated, firstRow: 2 },
    ]);
  });

  it('reports only the ids the result file has texts for', () => {
    for (const locale of Object.keys(TEAM_IMPORT_TEXTS) as (keyof typeof TEAM_IMPORT_TEXTS)[]) {
      for (const message of TEAM_IMPORT_ROW_MESSAGES) {
        expect(TEAM_IMPORT_TEXTS[locale].issues[message]({ firstRow: 2 })).toEqual(expect.any(String));
      }
    }
  });
});

const card = (name: string, fields: Partial<TeamImportCard> = {}): TeamImportCard => ({
  name,
  position: null,
  department: null,
  workPhone: null,
  phone: null,
  ...fields,
});

function teamState(overrides: Partial<TeamImportState> = {}): TeamImportState {
  return {
    members: new Map([
      ['owner@example.com', { role: 'owner', card: card('Olga Owner') }],
      ['admin@example.com', { role: 'admin', card: card('Adam Admin', { department: 'IT' }) }],
      ['member@example.com', { role: 'member', card: card('Mia Member', { position: 'CFO' }) }],
      ['nocard@example.com', { role: 'member', card: null }],
    ]),
    invitations: new Map([['invited@example.com', { role: 'member', card: card('Ivan Invited') }]]),
    ...overrides,
  };
}

describe('planning an import', () => {
  it('invites new addresses, with the role given or as members, and their whole card', () => {
    const plan = planTeamImport(
      checkText('Name,Email,Position,Role\nNew One,new1@example.com,CFO,admin\nNew Two,new2@example.com,,\n'),
      teamState(),
    );
    expect(plan).toEqual([
      expect.objectContaining({
        row: 2,
        action: 'invite',
        email: 'new1@example.com',
        role: 'admin',
        card: card('New One', { position: 'CFO' }),
      }),
      expect.objectContaining({ row: 3, action: 'invite', role: 'member', card: card('New Two') }),
    ]);
  });

  it('updates what differs for members and invitations, and tells when nothing does', () => {
    const plan = planTeamImport(
      checkText(
        [
          'Name,Email,Position,Department,Role',
          'Mia Member,member@example.com,CFO,,admin',
          'Mia Member,MEMBER@example.com,CFO,,',
          'Adam Admin,admin@example.com,,IT,',
          'Adam Admin,admin@example.com,,,member',
          'Ivan Invited,invited@example.com,Sales,,',
        ].join('\n'),
      ),
      teamState(),
    );
    expect(plan[0]).toMatchObject({
      action: 'update',
      who: 'member',
      role: 'admin',
      card: {},
      createsCard: false,
      changes: ['role'],
    });
    // the repeated address is the file's error, whatever the team has
    expect(plan[1]).toMatchObject({
      action: 'error',
      issues: [{ message: M.teamImportEmailRepeated, firstRow: 2 }],
    });
    // a blank role keeps the admin an admin
    expect(plan[2]).toMatchObject({ action: 'unchanged', email: 'admin@example.com', who: 'member' });
    expect(plan[3]).toMatchObject({
      action: 'error',
      issues: [{ message: M.teamImportEmailRepeated, firstRow: 4 }],
    });
    expect(plan[4]).toMatchObject({
      action: 'update',
      who: 'invitation',
      role: null,
      card: { position: 'Sales' },
      changes: ['position'],
    });
  });

  it('clears a field whose cell is blank, and leaves the fields of missing columns alone', () => {
    const [cleared] = planTeamImport(
      checkText('Name,Email,Department\nAdam A.,admin@example.com,\n'),
      teamState(),
    );
    expect(cleared).toMatchObject({
      action: 'update',
      card: { name: 'Adam A.', department: null },
      changes: ['name', 'department'],
    });
  });

  it('makes the card of someone who has none, and lists what it is made with', () => {
    const [made] = planTeamImport(
      checkText('Name,Email,Position,Mobile\nNo Card,nocard@example.com,CTO,\n'),
      teamState(),
    );
    expect(made).toMatchObject({
      action: 'update',
      createsCard: true,
      card: card('No Card', { position: 'CTO' }),
      changes: ['name', 'position'],
    });
  });

  it("updates the owner's card but refuses another role for the owner", () => {
    const plan = planTeamImport(
      checkText(
        'Name,Email,Position,Role\nOlga Owner,owner@example.com,CEO,\nOlga Owner,owner2@example.com,CEO,admin\n',
      ),
      teamState({
        members: new Map([
          ['owner@example.com', { role: 'owner', card: card('Olga Owner') }],
          ['owner2@example.com', { role: 'owner', card: card('Olga Owner') }],
        ]),
      }),
    );
    expect(plan[0]).toMatchObject({ action: 'update', role: null, card: { position: 'CEO' } });
    expect(plan[1]).toMatchObject({
      action: 'error',
      issues: [{ column: 'role', message: M.teamImportOwnerRole }],
    });
  });

  it('refuses invitations past the size of the team, counting members and pending invitations', () => {
    const state = teamState({ seatsMax: 6 });
    const plan = planTeamImport(
      checkText(
        'Name,Email\nUp Date,member@example.com\nOne,one@example.com\nTwo,two@example.com\nThree,three@example.com\n',
      ),
      state,
    );
    expect(plan.map((row) => row.action)).toEqual(['update', 'invite', 'error', 'error']);
    expect(plan[2]).toMatchObject({ issues: [{ column: null, message: M.teamImportTeamFull }] });
    // the default is the team's own limit
    const full = new Map(
      Array.from({ length: TEAM_MEMBERS_MAX }, (_, i) => [
        `p${i}@example.com`,
        { role: 'member' as const, card: null },
      ]),
    );
    expect(
      planTeamImport(checkText('Name,Email\nLate,late@example.com\n'), teamState({ members: full }))[0],
    ).toMatchObject({ action: 'error', issues: [{ message: M.teamImportTeamFull }] });
  });

  it("refuses someone known to be in another team, and passes the checks' refusals on", () => {
    const plan = planTeamImport(
      checkText('Name,Email\nElsewhere,else@example.com\n,bad\n'),
      teamState({ inOtherTeams: new Set(['else@example.com']) }),
    );
    expect(plan[0]).toMatchObject({ action: 'error', issues: [IN_OTHER_TEAM] });
    expect(plan[1]).toMatchObject({ action: 'error', row: 3 });
  });
});

describe('the result file', () => {
  /** The result file of importing `text` into teamState(), its rows refused as `refusedAtWrite` says. */
  function resultFile(text: string, locale: 'en' | 'es', refusedAtWrite: readonly number[] = []) {
    const file = readFile(text);
    const results = planTeamImport(checkTeamImportRows(file), teamState()).map((row) =>
      teamImportRowResult(row, refusedAtWrite.includes(row.row) ? [IN_OTHER_TEAM] : []),
    );
    const csv = teamImportResultCsv(file, results, locale);
    const records: string[][] = parse(csv, { bom: true, delimiter: file.delimiter });
    return { csv, records };
  }

  const spanishFile = [
    'Nombre;Correo electrónico;Puesto;Notas',
    `"=cmd|' /C calc'!A0";a@example.com;;`,
    'Mia Member;member@example.com;CFO;@SUM(1)',
    'Nueva;nueva@example.com;;-2+3',
    'Otra;otra@example.com;;',
    'Mala;no-address;;',
  ].join('\r\n');

  it('keeps the file with its result and reason in the reader’s language, separated as it was', () => {
    const { csv, records } = resultFile(spanishFile, 'es', [5]);
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv.split('\n')[0]).toContain(';');
    expect(records[0]).toEqual(['Nombre', 'Correo electrónico', 'Puesto', 'Notas', 'resultado', 'motivo']);
    expect(records.slice(1).map((record) => record.slice(4))).toEqual([
      ['error', `Nombre: ${TEAM_IMPORT_TEXTS.es.issues[M.teamImportFormula]({})}`],
      ['sin cambios', ''],
      ['invitación enviada', ''],
      ['error', `Correo electrónico: ${TEAM_IMPORT_TEXTS.es.issues[M.teamImportInOtherTeam]({})}`],
      ['error', 'Correo electrónico: No es una dirección de correo válida'],
    ]);
    const english = resultFile(spanishFile, 'en').records;
    expect(english[0]?.slice(4)).toEqual(['result', 'reason']);
    expect(english[3]?.slice(4)).toEqual(['invited', '']);
  });

  it('names a split name by its two headers', () => {
    const { records } = resultFile('First name,Last name,Email\n=1+2,Ruiz,ruiz@example.com\n', 'en');
    expect(records[1]?.slice(3)).toEqual([
      'error',
      `First name + Last name: ${TEAM_IMPORT_TEXTS.en.issues[M.teamImportFormula]({})}`,
    ]);
  });

  it('writes formula cells as text, so a spreadsheet does not run them', () => {
    const { records } = resultFile(spanishFile, 'en');
    expect(records[1]?.[0]).toBe(`'=cmd|' /C calc'!A0`);
    expect(records[2]?.[3]).toBe("'@SUM(1)");
    expect(records[3]?.[3]).toBe("'-2+3");
    for (const cell of records.flat()) expect(looksLikeFormula(cell), cell).toBe(false);
  });

  it('says what an update changed by the file’s own headers, and which row has an address first', () => {
    const { records } = resultFile(
      'Name,Email,Cargo,Role\nMia M.,member@example.com,CEO,admin\nA,x@example.com,,\nB,x@example.com,,\n',
      'en',
    );
    expect(records[1]).toEqual([
      'Mia M.',
      'member@example.com',
      'CEO',
      'admin',
      'updated',
      'Changed: Role, Name, Cargo',
    ]);
    expect(records[3]).toEqual(['B', 'x@example.com', '', '', 'error', 'Email: The same address as row 3']);
  });
});

describe('the fixture of realistic rows', () => {
  it('gives 1 000 good rows in either language, all invitations for an empty team', () => {
    for (const locale of ['en', 'es'] as const) {
      const fixture = teamImportFixture({ rows: 1000, locale, seed: 3 });
      const file = readFile(fixture.bytes);
      expect(file.delimiter).toBe(locale === 'es' ? ';' : ',');
      const rows = checkTeamImportRows(file);
      expect(rows.filter((row) => !row.ok)).toEqual([]);
      const plan = planTeamImport(rows, { members: new Map(), invitations: new Map() });
      expect(plan.every((row) => row.action === 'invite')).toBe(true);
      expect(new Set(plan.map((row) => row.action === 'invite' && row.role))).toEqual(
        new Set(['admin', 'member']),
      );
    }
    expect(teamImportFixture({ rows: 5, seed: 9 })).toEqual(teamImportFixture({ rows: 5, seed: 9 }));
  });
});

describe('the template', () => {
  it('has every column under the headers of its language, separated as that language’s Excel reads', () => {
    for (const locale of ['en', 'es'] as const) {
      const template = teamImportTemplate(locale);
      expect(template.startsWith(BOM)).toBe(true);
      // read back as an upload: every column found, and nothing to import yet
      expect(readTeamImportFile(utf8(template))).toEqual({
        ok: false,
        problem: { message: M.teamImportFileNoRows },
      });
      const file = readFile(
        `${template}Ana Ruiz${TEAM_IMPORT_TEMPLATE_DELIMITER[locale]}ana@example.com\r\n`,
      );
      expect(file.delimiter).toBe(TEAM_IMPORT_TEMPLATE_DELIMITER[locale]);
      expect(file.headers).toEqual(Object.values(TEAM_IMPORT_HEADERS[locale]));
      expect(file.ignoredHeaders).toEqual([]);
    }
  });
});

describe("an import's log entry", () => {
  it('keeps the counts of its rows, and reads nothing else as counts', () => {
    const counts = { invited: 998, updated: 1, unchanged: 0, error: 12 };
    expect(teamImportCountsOf(teamImportEventSubject(counts))).toEqual(counts);
    expect(teamImportCountsOf(teamImportEventSubject(emptyTeamImportCounts()))).toEqual(
      emptyTeamImportCounts(),
    );
    for (const subject of [
      '',
      'Acme',
      'invited=1 updated=2 unchanged=3',
      'invited=1 updated=x unchanged=3 error=4',
    ]) {
      expect(teamImportCountsOf(subject)).toBeNull();
    }
  });
});
