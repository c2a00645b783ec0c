import { describe, expect, it } from 'vitest';
import type { Locale } from '../../src/i18n.ts';
import { TEAM_IMPORT_TEXTS, type TeamImportTexts } from '../../server/teams/import-texts.ts';

// The words of a team import's result file come from the server's catalog (locales/{locale}/server.po)
// and are exactly the words of the table they were in server/teams/import-texts.ts (and of the file's name
// in server/teams/import.ts), copied here: each reason for a repeated address on row 2, an update's for
// 'Name, Role'.

const BEFORE: Record<Locale, unknown> = {
  en: {
    resultFileName: 'team-import-results',
    columns: {
      result: 'result',
      reason: 'reason',
    },
    outcomes: {
      invited: 'invited',
      updated: 'updated',
      unchanged: 'no change',
      error: 'error',
    },
    changed: 'Changed: Name, Role',
    issues: {
      'validation.invalid': 'Not valid',
      'validation.required': 'Required',
      'validation.email.invalid': 'Not a valid email address',
      'validation.text.control_characters':
        "Can't contain line breaks, tabs or invisible formatting characters",
      'validation.vcard.name_required': 'Required',
      'validation.vcard.name_too_long': 'At most 100 characters',
      'validation.vcard.field_too_long': 'At most 100 characters',
      'validation.vcard.phone_too_long': 'At most 20 characters',
      'validation.vcard.phone_invalid':
        'Not a phone number: use digits, spaces and + ( ) -, with + and the country code for callers abroad',
      'validation.team_import.formula':
        'Looks like a spreadsheet formula (it starts with =, +, - or @ and is not a phone number), so it is not imported',
      'validation.team_import.role_invalid':
        'Not a role: write member or admin, or leave it blank for member',
      'validation.team_import.role_owner':
        'An owner cannot be imported: the owner hands the team on from the team page',
      'validation.team_import.email_repeated': 'The same address as row 2',
      'validation.team_import.owner_role':
        "The owner's role changes only when the owner hands the team on from the team page",
      'validation.team_import.team_full': 'The team would have more than 5000 members and invitations',
      'validation.team_import.in_other_team':
        'This person belongs to another team: a person can be in one team',
      'validation.team_import.row_failed':
        'Could not be saved just now, so nothing of this row was kept: import it again',
    },
  },
  es: {
    resultFileName: 'resultados-importacion',
    columns: {
      result: 'resultado',
      reason: 'motivo',
    },
    outcomes: {
      invited: 'invitación enviada',
      updated: 'actualizado',
      unchanged: 'sin cambios',
      error: 'error',
    },
    changed: 'Cambios: Name, Role',
    issues: {
      'validation.invalid': 'No es válido',
      'validation.required': 'Obligatorio',
      'validation.email.invalid': 'No es una dirección de correo válida',
      'validation.text.control_characters':
        'No puede contener saltos de línea, tabuladores ni caracteres de formato invisibles',
      'validation.vcard.name_required': 'Obligatorio',
      'validation.vcard.name_too_long': 'Como máximo 100 caracteres',
      'validation.vcard.field_too_long': 'Como máximo 100 caracteres',
      'validation.vcard.phone_too_long': 'Como máximo 20 caracteres',
      'validation.vcard.phone_invalid':
        'No es un número de teléfono: usa cifras, espacios y + ( ) -, con + y el prefijo del país para quien llame desde fuera',
      'validation.team_import.formula':
        'Parece una fórmula de hoja de cálculo (empieza por =, +, - o @ y no es un número de teléfono), así que no se importa',
      'validation.team_import.role_invalid':
        'No es un rol: escribe miembro o administrador, o déjalo en blanco para miembro',
      'validation.team_import.role_owner':
        'No se puede importar a quien posee el equipo: la propiedad se transfiere desde la página del equipo',
      'validation.team_import.email_repeated': 'La misma dirección que la fila 2',
      'validation.team_import.owner_role':
        'El rol de quien posee el equipo solo cambia al transferir la propiedad desde la página del equipo',
      'validation.team_import.team_full': 'El equipo tendría más de 5000 miembros e invitaciones',
      'validation.team_import.in_other_team':
        'Esta persona pertenece a otro equipo: cada persona puede estar en un solo equipo',
      'validation.team_import.row_failed':
        'No se pudo guardar en este momento, así que no se guardó nada de esta fila: vuelve a importarla',
    },
  },
};

function withValues(texts: TeamImportTexts): unknown {
  return {
    ...texts,
    changed: texts.changed('Name, Role'),
    issues: Object.fromEntries(
      Object.entries(texts.issues).map(([id, reason]) => [id, reason({ firstRow: 2 })]),
    ),
  };
}

describe('TEAM_IMPORT_TEXTS', () => {
  it('has the English words', () => {
    expect(withValues(TEAM_IMPORT_TEXTS.en)).toEqual(BEFORE.en);
  });

  it('has the Spanish words', () => {
    expect(withValues(TEAM_IMPORT_TEXTS.es)).toEqual(BEFORE.es);
  });

  it('writes a row number as it is', () => {
    const repeated = TEAM_IMPORT_TEXTS.en.issues['validation.team_import.email_repeated'];
    expect(repeated({ firstRow: 12345 })).toBe('The same address as row 12345');
  });
});
