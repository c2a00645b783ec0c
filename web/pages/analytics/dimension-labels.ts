import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CampaignDimension, PrivacySwitch, VisitDimension } from '#src/analytics.ts';
import { LINK_OUTCOMES, type LinkOutcome } from '#src/link-lifecycle.ts';
import type { BrowserFamily, DeviceClass } from '#src/visitor.ts';

// The words for the values of each breakdown (src/visitor.ts classes; '' is "none").

/** A breakdown the page lists: a visit's, a campaign's, or how a link served its scans and clicks. */
export type ListedDimension = VisitDimension | CampaignDimension | 'outcome';

export const DIMENSION_TITLES: Record<ListedDimension, MessageDescriptor> = {
  device: msg`Devices`,
  browser: msg`Browsers`,
  referrer: msg`Referrers`,
  country: msg`Countries`,
  utm_source: msg`Sources (utm_source)`,
  utm_medium: msg`Media (utm_medium)`,
  utm_campaign: msg`Campaigns (utm_campaign)`,
  outcome: msg`How links were served`,
};

const DEVICES: Record<DeviceClass, MessageDescriptor> = {
  mobile: msg`Mobile`,
  tablet: msg`Tablet`,
  desktop: msg`Desktop`,
  unknown: msg`Unknown device`,
};

const BROWSERS: Record<BrowserFamily, MessageDescriptor> = {
  chrome: msg`Chrome`,
  safari: msg`Safari`,
  firefox: msg`Firefox`,
  edge: msg`Edge`,
  samsung: msg`Samsung Internet`,
  opera: msg`Opera`,
  'in-app': msg`In-app browser`,
  other: msg`Other browser`,
  unknown: msg`Unknown browser`,
};

const OUTCOMES: Record<LinkOutcome, MessageDescriptor> = {
  destination: msg`Destination`,
  fallback: msg`Fallback`,
  rule: msg`Rule`,
};

/** What the page says the operator does not record (ANALYTICS_* switches). */
export const NOT_RECORDED: Record<PrivacySwitch, MessageDescriptor> = {
  devices: msg`devices and browsers`,
  referrers: msg`referring sites`,
  countries: msg`countries`,
};

const regionNames = new Map<string, Intl.DisplayNames>();

/** The names of countries in `locale`, made once per language. */
function regionNamesIn(locale: string): Intl.DisplayNames {
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region' });
    regionNames.set(locale, names);
  }
  return names;
}

/** The words for a value of a dimension in the page's language; a campaign's values are shown as recorded. */
export function valueLabel(i18n: I18n, dimension: ListedDimension, value: string): string {
  switch (dimension) {
    case 'utm_source':
    case 'utm_medium':
    case 'utm_campaign':
      return value || i18n._(msg`Not tagged`);
    case 'device':
      return i18n._(DEVICES[value as DeviceClass] ?? DEVICES.unknown);
    case 'browser':
      return i18n._(BROWSERS[value as BrowserFamily] ?? BROWSERS.other);
    case 'referrer':
      if (!value) return i18n._(msg`Direct or unknown`);
      // a link followed from a card's public page, on this very server
      return value === window.location.hostname ? i18n._(msg`Your card pages`) : value;
    case 'country':
      if (!value) return i18n._(msg`Unknown country`);
      return regionNamesIn(i18n.locale).of(value) ?? value;
    case 'outcome':
      // a value of a later kind of follow than this page knows is shown as recorded
      return LINK_OUTCOMES.includes(value as LinkOutcome) ? i18n._(OUTCOMES[value as LinkOutcome]) : value;
  }
}
