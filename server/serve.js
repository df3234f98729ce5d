import path from "node:path";

/**
 * Listens with the app and shuts down gracefully: on SIGTERM or SIGINT stop accepting, let
 * in-flight requests finish (10 s at most), then exit; the database closes in the process's exit
 * hook. Shared by the production entry (index.js) and the dev server (dev.js).
 */
export function serve(app, config, { onClose } = {}) {
  const server = app.listen(config.PORT, config.HOST, () => {
    log("info", `FleetAssist listening on http://localhost:${config.PORT}`, {
      publicUrl: config.PUBLIC_URL,
      dataDir: path.resolve(config.DATA_DIR),
    });
  });

  // Idle connections stay open longer than the clients and proxies in front reuse them (load
  // balancers idle out at 60 s): with Node's 5 s default, a request sent on a connection the
  // server is closing at that moment is reset. Shutdown closes idle connections at once.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  // Node would answer "Expect: 100-continue" before any check; the body limits answer it instead
  // (continue when the declared size fits, 413 when it doesn't).
  server.on("checkContinue", (req, res) => server.emit("request", req, res));

  let stopping = false;
  async function shutdown(signal) {
    if (stopping) return;
    stopping = true;
    log("info", `${signal}: shutting down`);
    setTimeout(() => {
      server.closeAllConnections();
      process.exit(1);
    }, 10_000).unref();
    await onClose?.();
    server.close(() => process.exit(0));
    // Kept-alive connections go as soon as their last response is out, not after the idle timeout.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  return server;
}

function log(level, msg, fields = {}) {
  console.log(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }));
}
