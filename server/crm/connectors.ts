import type { CrmProvider } from '../../src/crm.ts';
import { serverPaths } from '../../src/routes.ts';
import { resolveAuthSecret, type Config } from '../config.ts';
import type { CrmConnector } from './connector.ts';
import { hubSpotConnector } from './hubspot/connector.ts';
import { salesforceConnector } from './salesforce/connector.ts';
import { tokenSeal } from './sealing.ts';
import type { CrmParts } from './tokens.ts';

/** The connector of each CRM the operator set up (its app's client id and secret); others are not offered. */
export type CrmConnectors = Partial<Record<CrmProvider, CrmConnector>>;

export function crmConnectors(config: Config): CrmConnectors {
  const connectors: CrmConnectors = {};
  if (config.crm.hubspot) connectors.hubspot = hubSpotConnector(config.crm.hubspot);
  if (config.crm.salesforce) connectors.salesforce = salesforceConnector(config.crm.salesforce);
  return connectors;
}

const partsByConfig = new WeakMap<Config, CrmParts>();

/** The connectors and the token seal of a config, made once per config. */
export function crmParts(config: Config): CrmParts {
  let parts = partsByConfig.get(config);
  if (!parts) {
    parts = {
      seal: tokenSeal(config.authSecret ?? resolveAuthSecret(config)),
      connectors: crmConnectors(config),
    };
    partsByConfig.set(config, parts);
  }
  return parts;
}

/** Where a CRM sends the person back after they granted access (registered with the CRM's app). */
export function crmRedirectUri(config: Config, provider: CrmProvider): string {
  return `${config.publicUrl}${serverPaths.crmCallback}/${provider}`;
}
