// A stand-in for the external scheduling page, so the demo funnel's final redirect can be
// followed and checked without leaving the machine.
import http from "node:http";

const port = Number(process.env.STUB_PORT ?? 3199);
http
  .createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
    if (url.pathname === "/healthz") return res.end("ok");
    const rows = [...url.searchParams]
      .map(([key, value]) => `<li data-key="${key}">${key}=${value.replace(/[<&]/g, "")}</li>`)
      .join("");
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><title>Scheduling stub</title><h1>Pick a time</h1><ul>${rows}</ul>`);
  })
  .listen(port, "127.0.0.1");
