import type { Locale } from '../../src/i18n.ts';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import {
  VCARD_NAME_MAX_LENGTH,
  VCARD_PHONE_MAX_LENGTH,
  VCARD_TEXT_MAX_LENGTH,
} from '../../src/schemas/vcard.ts';
import type { TeamImportOutcome, TeamImportRowMessage } from '../../src/team-import.ts';
import { TEAM_MEMBERS_MAX } from '../../src/teams.ts';

// The words of an import's result file in the language of the person who imports
// (docs/decisions/001-name-and-languages.md: every text a person reads exists in English and Spanish). The
// file is made on the server, so its reasons are written here, one for each validation id a row can be
// refused with; the numbers come from src/, as the client's texts of the same ids read them.

export interface TeamImportTexts {
  /** The two columns the result file adds to the file's own. */
  columns: { result: string; reason: string };
  outcomes: Record<TeamImportOutcome, string>;
  /** An update's reason: the headers of what changed, listed. */
  changed: (headers: string) => string;
  /** Each reason a row can be refused for; `firstRow` for a repeated address. */
  issues: Record<TeamImportRowMessage, (details: { firstRow?: number | undefined }) => string>;
}

export const TEAM_IMPORT_TEXTS: Record<Locale, TeamImportTexts> = {
  en: {
    columns: { result: 'result', reason: 'reason' },
    outcomes: { invited: 'invited', updated: 'updated', unchanged: 'no change', error: 'error' },
    changed: (headers) => `Changed: ${headers}`,
    issues: {
      [M.invalid]: () => 'Not valid',
      [M.required]: () => 'Required',
      [M.emailInvalid]: () => 'Not a valid email address',
      [M.textControlCharacters]: () => "Can't contain line breaks, tabs or invisible formatting characters",
      [M.vcardNameRequired]: () => 'Required',
      [M.vcardNameTooLong]: () => `At most ${VCARD_NAME_MAX_LENGTH} characters`,
      [M.vcardFieldTooLong]: () => `At most ${VCARD_TEXT_MAX_LENGTH} characters`,
      [M.vcardPhoneTooLong]: () => `At most ${VCARD_PHONE_MAX_LENGTH} characters`,
      [M.vcardPhoneInvalid]: () =>
        'Not a phone number: use digits, spaces and + ( ) -, with + and the country code for callers abroad',
      [M.teamImportFormula]: () =>
        'Looks like a spreadsheet formula (it starts with =, +, - or @ and is not a phone number), so it is not imported',
      [M.teamImportRoleInvalid]: () => 'Not a role: write member or admin, or leave it blank for member',
      [M.teamImportRoleOwner]: () =>
        'An owner cannot be imported: the owner hands the team on from the team page',
      [M.teamImportEmailRepeated]: ({ firstRow }) => `The same address as row ${firstRow}`,
      [M.teamImportOwnerRole]: () =>
        "The owner's role changes only when the owner hands the team on from the team page",
      [M.teamImportTeamFull]: () =>
        `The team would have more than ${TEAM_MEMBERS_MAX} members and invitations`,
      [M.teamImportInOtherTeam]: () => 'This person belongs to another team: a person can be in one team',
      [M.teamImportRowFailed]: () =>
        'Could not be saved just now, so nothing of this row was kept: import it again',
    },
  },
  es: {
    columns: { result: 'resultado', reason: 'motivo' },
    outcomes: {
      invited: 'invitación enviada',
      updated: 'actualizado',
      unchanged: 'sin cambios',
      error: 'error',
    },
    changed: (headers) => `Cambios: ${headers}`,
    issues: {
      [M.invalid]: () => 'No es válido',
      [M.required]: () => 'Obligatorio',
      [M.emailInvalid]: () => 'No es una dirección de correo válida',
      [M.textControlCharacters]: () =>
        'No puede contener saltos de línea, tabuladores ni caracteres de formato invisibles',
      [M.vcardNameRequired]: () => 'Obligatorio',
      [M.vcardNameTooLong]: () => `Como máximo ${VCARD_NAME_MAX_LENGTH} caracteres`,
      [M.vcardFieldTooLong]: () => `Como máximo ${VCARD_TEXT_MAX_LENGTH} caracteres`,
      [M.vcardPhoneTooLong]: () => `Como máximo ${VCARD_PHONE_MAX_LENGTH} caracteres`,
      [M.vcardPhoneInvalid]: () =>
        'No es un número de teléfono: usa cifras, espacios y + ( ) -, con + y el prefijo del país para quien llame desde fuera',
      [M.teamImportFormula]: () =>
        'Parece una fórmula de hoja de cálculo (empieza por =, +, - o @ y no es un número de teléfono), así que no se importa',
      [M.teamImportRoleInvalid]: () =>
        'No es un rol: escribe miembro o administrador, o déjalo en blanco para miembro',
      [M.teamImportRoleOwner]: () =>
        'No se puede importar a quien posee el equipo: la propiedad se transfiere desde la página del equipo',
      [M.teamImportEmailRepeated]: ({ firstRow }) => `La misma dirección que la fila ${firstRow}`,
      [M.teamImportOwnerRole]: () =>
        'El rol de quien posee el equipo solo cambia al transferir la propiedad desde la página del equipo',
      [M.teamImportTeamFull]: () => `El equipo tendría más de ${TEAM_MEMBERS_MAX} miembros e invitaciones`,
      [M.teamImportInOtherTeam]: () =>
        'Esta persona pertenece a otro equipo: cada persona puede estar en un solo equipo',
      [M.teamImportRowFailed]: () =>
        'No se pudo guardar en este momento, así que no se guardó nada de esta fila: vuelve a importarla',
    },
  },
};
