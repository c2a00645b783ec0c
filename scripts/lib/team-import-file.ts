// A team's CSV import file of realistic people (npm run bench:import, and the tests of the import): names
// with accents and particles, addresses made from them, positions, departments (some with a comma, so
// quoted), a Spanish work and mobile number, and a role, blank for most. The same seed gives the same file.
import { stringify } from 'csv-stringify/sync';
import type { Locale } from '../../src/i18n.ts';
import {
  TEAM_IMPORT_COLUMNS,
  TEAM_IMPORT_HEADERS,
  TEAM_IMPORT_TEMPLATE_DELIMITER,
  type TeamImportColumn,
} from '../../src/team-import.ts';
import type { InvitableTeamRole } from '../../src/teams.ts';
import type { TeamImportDelimiter } from '../../server/teams/import-file.ts';

const GIVEN_NAMES = [
  'Ana',
  'José',
  'María',
  'Lucía',
  'Íñigo',
  'Chloé',
  'Oliver',
  'Zoë',
  'Núria',
  'Björn',
  'Aoife',
  'Mateo',
  'Sofía',
  'Jean-Luc',
  'Mónica',
  'Ramón',
];
const FAMILY_NAMES = [
  'García',
  'Fernández',
  'de la Peña',
  'Muñoz',
  "O'Brien",
  'Smith',
  'van der Berg',
  'Castaño',
  'Ibáñez',
  'Nakamura',
  'Okafor',
  'Sánchez-Vidal',
  'Álvarez',
  'Johansson',
];
const POSITIONS = [
  'Account Executive',
  'Head of Engineering',
  'Jefa de ventas',
  'Diseñador de producto',
  'Customer Success Manager',
  'Técnica de soporte',
  'CFO',
  'Office Manager',
  'Responsable de marketing',
];
const DEPARTMENTS = ['Sales, EMEA', 'Ingeniería', 'Marketing', 'Finanzas', 'Soporte', 'People & Culture', ''];

const ROLE_WORDS: Record<Locale, Record<InvitableTeamRole, string>> = {
  en: { admin: 'admin', member: 'member' },
  es: { admin: 'Administrador', member: 'Miembro' },
};

export interface TeamImportFixtureOptions {
  rows: number;
  /** Whose headers it has (Name, Email… or Nombre, Correo electrónico…). */
  locale?: Locale;
  /** Commas, or semicolons as a Spanish Excel writes them (the template's, by default), or tabs. */
  delimiter?: TeamImportDelimiter;
  /** The addresses' domain; a fresh one per run keeps a run's people apart from another's. */
  domain?: string;
  seed?: number;
}

export interface TeamImportFixture {
  /** The file as uploaded: UTF-8 with a byte order mark, as Excel's "CSV UTF-8" saves it. */
  bytes: Buffer;
  /** Each row's cells by column, in the file's order. */
  people: Record<TeamImportColumn, string>[];
}

/** A small deterministic generator (mulberry32): the same seed gives the same file. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The letters of a name as an address has them: "de la Peña" -> "delapena". */
function addressPart(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

export function teamImportFixture({
  rows,
  locale = 'en',
  delimiter = TEAM_IMPORT_TEMPLATE_DELIMITER[locale],
  domain = 'example.com',
  seed = 1,
}: TeamImportFixtureOptions): TeamImportFixture {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const digits = (count: number) => Array.from({ length: count }, () => Math.floor(next() * 10)).join('');
  const people = Array.from({ length: rows }, (_, index): Record<TeamImportColumn, string> => {
    const given = pick(GIVEN_NAMES);
    const family = pick(FAMILY_NAMES);
    const draw = next();
    return {
      name: `${given} ${family}`,
      email: `${addressPart(given)}.${addressPart(family)}.${index + 1}@${domain}`,
      position: pick(POSITIONS),
      department: pick(DEPARTMENTS),
      workPhone: `+34 91 ${digits(3)} ${digits(2)} ${digits(2)}`,
      phone: next() < 0.8 ? `+34 6${digits(2)} ${digits(3)} ${digits(3)}` : '',
      role: draw < 0.05 ? ROLE_WORDS[locale].admin : draw < 0.1 ? ROLE_WORDS[locale].member : '',
    };
  });
  const headers = TEAM_IMPORT_HEADERS[locale];
  const csv = stringify(
    [
      TEAM_IMPORT_COLUMNS.map((column) => headers[column]),
      ...people.map((person) => TEAM_IMPORT_COLUMNS.map((column) => person[column])),
    ],
    { delimiter, bom: true, record_delimiter: 'windows' },
  );
  return { bytes: Buffer.from(csv, 'utf8'), people };
}
