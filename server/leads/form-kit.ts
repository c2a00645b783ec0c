import { LEAD_FORM_SCRIPT } from '../../src/lead-form.ts';
import type { Config } from '../config.ts';
import type { BuiltFile } from '../web/manifest.ts';
import { createLeadTokens, type LeadTokens } from './token.ts';

/** What the pages that show a card's lead form need: fresh form tokens, and the form's script. */
export interface LeadFormKit {
  tokens: LeadTokens;
  /**
   * Where pages load the form's script (web/lead-form.ts) from: its built file, a path that card hosts
   * serve too (card-host.ts), or in development the source, which Vite's dev server serves. null when the
   * client is not built (the API tests): the form then works as the plain post it also is.
   */
  scriptPath: string | null;
}

/** `clientBuild`: the client build's files (server/web/manifest.ts), none in development. */
export function createLeadFormKit(
  secret: string,
  config: Pick<Config, 'viteDev'>,
  clientBuild: readonly BuiltFile[],
): LeadFormKit {
  const built = clientBuild.find((file) => file.isEntry && file.name === LEAD_FORM_SCRIPT.name);
  return {
    tokens: createLeadTokens(secret),
    scriptPath: config.viteDev ? `/${LEAD_FORM_SCRIPT.source}` : built ? `/${built.file}` : null,
  };
}
