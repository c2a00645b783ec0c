import { createSocket, type Socket } from 'node:dgram';

// A DNS server on loopback for the browser tests: it answers TXT queries for the names a test sets and
// NXDOMAIN for every other name, so the app (started with DNS_SERVERS pointing here) checks a custom
// domain's record as it would on the internet. Plain UDP, one question per query (what resolvers send).

export interface TxtDnsServer {
  /** The TXT values `name` answers with from now on. */
  set(name: string, ...values: string[]): void;
  close(): Promise<void>;
}

const TYPE_TXT = 16;
const HEADER_BYTES = 12;

/** The question's name (lowercase, without the root's dot) and where the question ends. */
function readQuestion(query: Buffer): { name: string; end: number } | null {
  const labels: string[] = [];
  let offset = HEADER_BYTES;
  while (offset < query.length) {
    const length = query[offset] ?? 0;
    if (length === 0) return { name: labels.join('.').toLowerCase(), end: offset + 5 };
    labels.push(query.toString('latin1', offset + 1, offset + 1 + length));
    offset += 1 + length;
  }
  return null;
}

function answer(
  query: Buffer,
  records: Map<string, string[]>,
  unknown: 'nxdomain' | 'refused',
): Buffer | null {
  const question = readQuestion(query);
  if (!question || question.end > query.length) return null;
  const type = query.readUInt16BE(question.end - 4);
  const values = records.get(question.name);
  const found = values !== undefined && type === TYPE_TXT;
  const header = Buffer.alloc(HEADER_BYTES);
  query.copy(header, 0, 0, 2);
  // a response, recursion desired and available; NXDOMAIN for a name with nothing set, or REFUSED (the
  // resolver then asks its next server)
  header.writeUInt16BE(values === undefined ? (unknown === 'refused' ? 0x8185 : 0x8183) : 0x8180, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(found ? values.length : 0, 6);
  const parts = [header, query.subarray(HEADER_BYTES, question.end)];
  if (found) {
    for (const value of values) {
      const text = Buffer.from(value);
      const record = Buffer.alloc(12);
      // the name: a pointer to the question's
      record.writeUInt16BE(0xc00c, 0);
      record.writeUInt16BE(TYPE_TXT, 2);
      record.writeUInt16BE(1, 4);
      record.writeUInt32BE(0, 6);
      record.writeUInt16BE(text.length + 1, 10);
      parts.push(record, Buffer.from([text.length]), text);
    }
  }
  return Buffer.concat(parts);
}

/**
 * Starts the server on 127.0.0.1:`port` (values of at most 255 bytes each). With `unknown: 'refused'` a
 * name it was not given is refused rather than said not to exist, so a resolver with several servers
 * (DNS_SERVERS) asks the next one: two test files then answer their own names side by side.
 */
export async function startTxtDnsServer(
  port: number,
  { unknown = 'nxdomain' }: { unknown?: 'nxdomain' | 'refused' } = {},
): Promise<TxtDnsServer> {
  const records = new Map<string, string[]>();
  const socket: Socket = createSocket('udp4');
  socket.on('message', (query, remote) => {
    const response = answer(query, records, unknown);
    if (response) socket.send(response, remote.port, remote.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => resolve());
  });
  return {
    set: (name, ...values) => void records.set(name.toLowerCase(), values),
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
