import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A letter as the test SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A free port on 127.0.0.1, asked of the system (port 0) and released again. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A local SMTP server without TLS or sign-in that keeps what it receives; `close` stops it. */
export async function startSmtpServer(port: number): Promise<{ received: ReceivedMail[]; close: () => Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The text of a single-part letter, decoded from base64 or quoted-printable as its header says. */
export function letterText(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}
