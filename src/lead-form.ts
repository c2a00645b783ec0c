// What the card page's "Share your contact back" form (server/leads/form.ts) and its script
// (web/lead-form.ts) agree on. The form works as a plain post; the script, where it runs, sends the same
// post asking for JSON and puts the server's answer in the form's place, without a page reload.

/**
 * The script's entry in the client build (vite.config.ts): its source in web/, and its name, which starts
 * its built file's (assets/lead-form-<hash>.js, found by the server in the build's manifest).
 */
export const LEAD_FORM_SCRIPT = { source: 'lead-form.ts', name: 'lead-form' } as const;

/** The attributes the form carries for its script: its mark, and the words it shows while it sends. */
export const LEAD_FORM_DATA = {
  form: 'data-lead-form',
  sending: 'data-sending',
  sendFailed: 'data-send-failed',
} as const;

/** The answer to a post that asks for JSON: what became of it, and the HTML that takes the form's place. */
export interface LeadPostAnswer {
  kind: 'sent' | 'form' | 'refused' | 'rate_limited' | 'closed';
  html: string;
}
