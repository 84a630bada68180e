import type { AddressInfo } from "node:net";

import { SMTPServer } from "smtp-server";

interface ReceivedMail {
  to: string[];
  subject: string;
  raw: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  /** Messages accepted (answered 250): what a provider would have delivered. */
  received: ReceivedMail[];
  /** Messages sent whole whose answer is held back while the sink is stalled. */
  stalled: ReceivedMail[];
  /** While true, a message sent whole gets no answer until `release()`: a provider that hangs. */
  stall: boolean;
  /** Answers every held message (250) and stops stalling. */
  release(): void;
  close(): Promise<void>;
}

const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? "";

/** A real SMTP server in the test's process (the `smtp-server` package), on loopback. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const held: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        const mail = { to: session.envelope.rcptTo.map((rcpt) => rcpt.address), subject: subjectOf(raw), raw };
        const accept = () => {
          sink.received.push(mail);
          callback();
        };
        if (!sink.stall) return accept();
        sink.stalled.push(mail);
        held.push(accept);
      });
    },
  });
  // A client that goes away mid-message (an instance killed) is no failure of the sink.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.server.address() as AddressInfo).port;
  const sink: SmtpSink = {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    received: [],
    stalled: [],
    stall: false,
    release() {
      sink.stall = false;
      for (const accept of held.splice(0)) accept();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return sink;
}
