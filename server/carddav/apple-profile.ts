import { createHash } from 'node:crypto';
import { carddavPrincipalPath } from '../../src/carddav.ts';
import { xmlText } from './multistatus.ts';

// The configuration profile (.mobileconfig) that subscribes an iPhone, iPad or Mac to a card's address
// book in one install: a CardDAV account payload (Apple's com.apple.carddav.account) with the host, the
// card's principal and its id as user name. Unsigned: the device says so while installing, and installs
// it. Its identifiers come from the host and the card, so downloading it again replaces the account
// instead of adding a second one.

/** A UUID made from a name (the hash's bits in a UUID's form): the same name, the same UUID. */
function uuidOf(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`.toUpperCase();
}

const key = (name: string) => `<key>${name}</key>`;
const text = (value: string) => `<string>${xmlText(value)}</string>`;
const integer = (value: number) => `<integer>${value}</integer>`;

export function appleContactsProfile(input: { publicUrl: string; vcardId: string; name: string }): string {
  const url = new URL(input.publicUrl);
  const https = url.protocol === 'https:';
  const port = url.port ? Number(url.port) : https ? 443 : 80;
  // reverse DNS of the host, as Apple's identifiers are
  const identifier = `${url.hostname.split('.').reverse().join('.')}.contacts.${input.vcardId}`;
  const account =
    '<dict>' +
    key('CardDAVAccountDescription') +
    text(input.name) +
    key('CardDAVHostName') +
    text(url.hostname) +
    key('CardDAVPort') +
    integer(port) +
    key('CardDAVPrincipalURL') +
    text(carddavPrincipalPath(input.vcardId)) +
    key('CardDAVUseSSL') +
    (https ? '<true/>' : '<false/>') +
    key('CardDAVUsername') +
    text(input.vcardId) +
    // the address book is public: any password opens it, and without one the device would ask for it
    key('CardDAVPassword') +
    text('contacts') +
    key('PayloadDisplayName') +
    text(input.name) +
    key('PayloadIdentifier') +
    text(`${identifier}.account`) +
    key('PayloadType') +
    text('com.apple.carddav.account') +
    key('PayloadUUID') +
    text(uuidOf(`${identifier}.account`)) +
    key('PayloadVersion') +
    integer(1) +
    '</dict>';
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n' +
    '<plist version="1.0"><dict>' +
    key('PayloadContent') +
    `<array>${account}</array>` +
    key('PayloadDisplayName') +
    text(input.name) +
    key('PayloadIdentifier') +
    text(identifier) +
    key('PayloadRemovalDisallowed') +
    '<false/>' +
    key('PayloadType') +
    text('Configuration') +
    key('PayloadUUID') +
    text(uuidOf(identifier)) +
    key('PayloadVersion') +
    integer(1) +
    '</dict></plist>\n'
  );
}
