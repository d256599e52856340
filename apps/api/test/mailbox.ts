import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives, for tests that read mail. */
export async function startMailbox() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Waits for a message to this address whose raw text matches. */
    async waitFor(to: string, match: RegExp = /./, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find((m) => m.to.includes(to) && match.test(decode(m.raw)));
        if (mail) return { ...mail, raw: decode(mail.raw) };
        if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${match}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Readable text of a message: quoted-printable soft breaks and =XX escapes undone, base64 bodies
 * (nodemailer picks base64 for text that is mostly non-ASCII, e.g. Vietnamese) and RFC 2047 encoded
 * words of the headers decoded.
 */
function decode(raw: string): string {
  const headerEnd = raw.search(/\r?\n\r?\n/);
  if (headerEnd > 0 && /^content-transfer-encoding:\s*base64/im.test(raw.slice(0, headerEnd))) {
    const body = raw.slice(headerEnd).replace(/\s+/g, '');
    raw = `${raw.slice(0, headerEnd)}\n\n${Buffer.from(body, 'base64').toString('utf8')}`;
  }
  raw = raw.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_word, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
  return decodeQuotedPrintable(raw);
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (run) => {
    try {
      return Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8');
    } catch {
      return run;
    }
  });
}
