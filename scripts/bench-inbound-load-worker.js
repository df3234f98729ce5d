// The SMTP client of `npm run bench:inbound-load`, on a worker thread: encoding and dot-stuffing
// 9 MB messages keeps a thread busy, and on the bench's main thread it would delay the /healthz
// probes and make the server look slower than it is. Sends one prepared 9 MB message (a new
// Message-ID each time) over `connections` pooled connections until `ms` have passed, and posts
// back how each was answered.
import { parentPort, workerData } from "node:worker_threads";
import nodemailer from "nodemailer";

const { port, to, ms, connections } = workerData;
const line = "A".repeat(76) + "\r\n";
const body = Buffer.from(line.repeat(Math.floor(9_000_000 / line.length)));

function message(id) {
  const head = [
    "From: flood@example.com",
    `To: ${to}`,
    `Subject: Flood ${id}`,
    `Message-ID: <flood-${id}@bench.test>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 7bit",
    "",
    "",
  ].join("\r\n");
  return Buffer.concat([Buffer.from(head), body]);
}

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
parentPort.postMessage(results);
