import { type AddressInfo, createServer, type Socket } from "node:net";

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

/**
 * A provider that drips: it greets and takes the message, then answers its end
 * with one continuation line (`250-…`) every `everyMs`, never the last. Each
 * line keeps the socket's idle timer from firing, so only a deadline on the
 * whole send ends it. `messages` counts the messages sent to it whole.
 */
export async function startDrippingSmtp(everyMs = 100): Promise<{ url: string; messages: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    let buffered = "";
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    socket.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      if (inData) {
        const end = buffered.indexOf("\r\n.\r\n");
        if (end === -1) return;
        inData = false;
        buffered = buffered.slice(end + 5);
        dripping.messages++;
        const timer = setInterval(() => reply("250-still working"), everyMs);
        timers.add(timer);
        socket.on("close", () => clearInterval(timer));
        return;
      }
      let newline: number;
      while ((newline = buffered.indexOf("\r\n")) !== -1) {
        const command = buffered.slice(0, newline).toUpperCase();
        buffered = buffered.slice(newline + 2);
        if (command.startsWith("EHLO") || command.startsWith("HELO")) reply("250 drip.example");
        else if (command.startsWith("MAIL") || command.startsWith("RCPT")) reply("250 OK");
        else if (command.startsWith("DATA")) {
          reply("354 Go ahead");
          inData = true;
          return;
        } else if (command.startsWith("QUIT")) socket.end("221 Bye\r\n");
        else reply("502 Not implemented");
      }
    });
    reply("220 drip.example ESMTP");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const dripping = {
    url: `smtp://127.0.0.1:${port}`,
    messages: 0,
    close() {
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return dripping;
}
