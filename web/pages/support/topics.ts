import type { To } from 'react-router';
import { paths } from '#src/routes.ts';

// Why someone opens the contact form, named in its address (/contact?topic=demo) so the form can start
// with a fitting subject. A module of its own, so linking here does not load the forms' code.

export const CONTACT_TOPIC_PARAM = 'topic';
export type ContactTopic = 'demo';

/** The public contact form (/contact), for a topic or none. */
export function contactFormLink(topic?: ContactTopic): To {
  return { pathname: paths.contact, search: topic ? `?${CONTACT_TOPIC_PARAM}=${topic}` : '' };
}
