import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { isExtensionNoise } from "./lib/runtime/extension-noise";

// Browser extensions reject promises on our page; that is their noise, not our error.
window.addEventListener("unhandledrejection", (event) => {
  if (isExtensionNoise(event.reason)) {
    console.warn("Ignored a browser-extension error:", event.reason);
    event.preventDefault();
  }
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
