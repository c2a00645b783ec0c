import { serverPaths } from './routes.ts';

// The read-only CardDAV addresses of a card (RFC 6352): its principal, which is also the home of its one
// address book, the address book, and the contact in it. A contacts app that subscribes finds them from the
// host alone (/.well-known/carddav, with the card's id or its owner's username as the user name) or from
// the address book's URL.

/** The file name of the one contact in a card's address book. */
export const CARDDAV_CONTACT_FILE = 'contact.vcf';

export const carddavPrincipalPath = (vcardId: string) => `${serverPaths.carddav}/${vcardId}/`;
export const carddavBookPath = (vcardId: string) => `${carddavPrincipalPath(vcardId)}book/`;
export const carddavContactPath = (vcardId: string) => `${carddavBookPath(vcardId)}${CARDDAV_CONTACT_FILE}`;

/** A card's .vcf (Save contact), its subscribe page, and the profile that subscribes an Apple device. */
export const contactFilePath = (vcardId: string) => `${serverPaths.vcardPage}/${vcardId}/contact.vcf`;
export const subscribePath = (vcardId: string) => `${serverPaths.vcardPage}/${vcardId}/subscribe`;
export const appleProfilePath = (vcardId: string) =>
  `${serverPaths.vcardPage}/${vcardId}/contacts.mobileconfig`;
