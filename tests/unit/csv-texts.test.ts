import { describe, expect, it } from 'vitest';
import { CSV_TEXTS, TEAM_CSV_TEXTS } from '../../server/analytics/csv-texts.ts';

// The CSV files' words come from the server's catalog (locales/{locale}/server.po) and are exactly the
// words of the tables they were in server/analytics/csv-texts.ts, copied here: scripts read the English
// names, and an account's import reads back the words of its language (server/account-import).

describe('CSV_TEXTS', () => {
  it('keeps the stored names and values in English, and the Spanish words', () => {
    expect(CSV_TEXTS).toEqual({
      en: {
        columns: {
          time_utc: 'time_utc',
          type: 'type',
          item_kind: 'item_kind',
          item_id: 'item_id',
          item_title: 'item_title',
          device: 'device',
          browser: 'browser',
          referrer_host: 'referrer_host',
          country: 'country',
          outcome: 'outcome',
          utm_source: 'utm_source',
          utm_medium: 'utm_medium',
          utm_campaign: 'utm_campaign',
          count: 'count',
        },
        types: {
          scan: 'scan',
          click: 'click',
          view: 'view',
          lead: 'lead',
        },
        itemKinds: {
          qr: 'qr',
          profile: 'profile',
          card: 'card',
        },
        devices: {
          mobile: 'mobile',
          tablet: 'tablet',
          desktop: 'desktop',
          unknown: 'unknown',
        },
        browsers: {
          chrome: 'chrome',
          safari: 'safari',
          firefox: 'firefox',
          edge: 'edge',
          samsung: 'samsung',
          opera: 'opera',
          'in-app': 'in-app',
          other: 'other',
          unknown: 'unknown',
        },
        outcomes: {
          destination: 'destination',
          fallback: 'fallback',
          rule: 'rule',
        },
      },
      es: {
        columns: {
          time_utc: 'hora_utc',
          type: 'tipo',
          item_kind: 'clase_de_elemento',
          item_id: 'id_del_elemento',
          item_title: 'título_del_elemento',
          device: 'dispositivo',
          browser: 'navegador',
          referrer_host: 'sitio_de_origen',
          country: 'país',
          outcome: 'resultado',
          utm_source: 'fuente_utm',
          utm_medium: 'medio_utm',
          utm_campaign: 'campaña_utm',
          count: 'número',
        },
        types: {
          scan: 'escaneo',
          click: 'clic',
          view: 'visita',
          lead: 'contacto',
        },
        itemKinds: {
          qr: 'código QR',
          profile: 'enlace del perfil',
          card: 'vCard',
        },
        devices: {
          mobile: 'móvil',
          tablet: 'tableta',
          desktop: 'ordenador',
          unknown: 'desconocido',
        },
        browsers: {
          chrome: 'Chrome',
          safari: 'Safari',
          firefox: 'Firefox',
          edge: 'Edge',
          samsung: 'Samsung Internet',
          opera: 'Opera',
          'in-app': 'navegador de una app',
          other: 'otro',
          unknown: 'desconocido',
        },
        outcomes: {
          destination: 'destino',
          fallback: 'dirección alternativa',
          rule: 'regla',
        },
      },
    });
  });
});

describe('TEAM_CSV_TEXTS', () => {
  it('keeps the column names in English, and the Spanish words', () => {
    expect(TEAM_CSV_TEXTS).toEqual({
      en: {
        columns: {
          member: 'member',
          email: 'email',
          cards: 'cards',
          card_id: 'card_id',
          card: 'card',
          scans: 'scans',
          views: 'views',
          clicks: 'clicks',
          leads: 'leads',
          interactions: 'interactions',
          previous_interactions: 'previous_interactions',
        },
        noMember: 'No member',
        invited: 'Invitation pending',
        noCard: 'Not on a card',
      },
      es: {
        columns: {
          member: 'miembro',
          email: 'correo',
          cards: 'tarjetas',
          card_id: 'id_de_la_tarjeta',
          card: 'tarjeta',
          scans: 'escaneos',
          views: 'visitas',
          clicks: 'clics',
          leads: 'contactos',
          interactions: 'interacciones',
          previous_interactions: 'interacciones_del_periodo_anterior',
        },
        noMember: 'Sin miembro',
        invited: 'Invitación pendiente',
        noCard: 'En ninguna tarjeta',
      },
    });
  });
});
