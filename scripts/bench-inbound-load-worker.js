// The senders of `npm run bench:inbound-load`, on a worker thread: posting 9.45 MB bodies and
// encoding and dot-stuffing 9 MB SMTP messages keep a thread busy, and on the bench's main thread
// they would delay its /healthz probes and make the server look slower than it is. Waits for
// "go", then either
//   - webhook: posts `emails` (prepared by the main thread) to `url` all at once, or
//   - smtp: sends one prepared 9 MB message (a new Message-ID each time) to `to` over
//     `connections` pooled connections until `ms` have passed,
// and posts back how each was answered.
import { parentPort, workerData } from "node:worker_threads";
import nodemailer from "nodemailer";

async function webhook({ url, emails }) {
  return Promise.all(
    emails.map(async (email) => {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "message/rfc822" },
        body: email,
      });
      await response.arrayBuffer();
      return { status: response.status };
    }),
  );
}

async function smtp({ port, to, ms, connections }) {
  const line = "A".repeat(76) + "\r\n";
  const body = Buffer.from(line.repeat(Math.floor(9_000_000 / line.length)));
  const message = (id) =>
    Buffer.concat([
      Buffer.from(
        [
          "From: flood@example.com",
          `To: ${to}`,
          `Subject: Flood ${id}`,
          `Message-ID: <flood-${id}@bench.test>`,
          "MIME-Version: 1.0",
          "Content-Type: text/plain; charset=utf-8",
          "Content-Transfer-Encoding: 7bit",
          "",
          "",
        ].join("\r\n"),
      ),
      body,
    ]);
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port,
    secure: false,
    pool: true,
    maxConnections: connections,
  });
  const results = [];
  const until = Date.now() + ms;
  let n = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const id = n++;
        try {
          await transport.sendMail({
            envelope: { from: "flood@example.com", to: [to] },
            raw: message(id),
          });
          results.push({ status: 250 });
        } catch (error) {
          results.push({ status: error.responseCode ?? error.code ?? "error" });
        }
      }
    }),
  );
  transport.close();
  return results;
}

parentPort.once("message", async () => {
  const work = workerData.mode === "webhook" ? webhook(workerData) : smtp(workerData);
  parentPort.postMessage(await work);
});
