/**
 * The SMTP sink (smtp-sink.js) as a child process on free loopback ports, for tests outside
 * Playwright: what reached it is read over its HTTP endpoint, as the end-to-end tests do.
 */
import { spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";

export interface SinkMessage {
  to: string;
  subject: string;
  messageId: string;
  text: string;
  at: number;
}

/** A TCP port nothing listens on now (on loopback). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the sink; `acceptDelayMs` holds each answer that long after the message is stored. */
export async function startSmtpSink({ acceptDelayMs = 0 } = {}) {
  const [smtpPort, httpPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, [path.resolve("tests/support/smtp-sink.js")], {
    env: {
      ...process.env,
      SMTP_PORT: String(smtpPort),
      SMTP_HTTP_PORT: String(httpPort),
      SMTP_ACCEPT_DELAY_MS: String(acceptDelayMs),
    },
    stdio: "ignore",
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const base = `http://127.0.0.1:${httpPort}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      if (i > 100) throw new Error("The SMTP sink did not start");
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url: `smtp://127.0.0.1:${smtpPort}`,
    async messages(to?: string): Promise<SinkMessage[]> {
      const query = to ? `?to=${encodeURIComponent(to)}` : "";
      return (await fetch(`${base}/messages${query}`)).json() as Promise<SinkMessage[]>;
    },
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
