import { describe, expect, it } from "vitest";
import { isExtensionNoise } from "./extension-noise";

describe("isExtensionNoise", () => {
  it("recognizes the three browser-extension rejection messages", () => {
    expect(
      isExtensionNoise(new Error("The message channel closed before a response was received")),
    ).toBe(true);
    expect(isExtensionNoise(new Error("Extension context invalidated."))).toBe(true);
    expect(
      isExtensionNoise(
        "A listener indicated an asynchronous response by returning true, but the message channel closed",
      ),
    ).toBe(true);
    expect(isExtensionNoise({ message: "Extension context invalidated" })).toBe(true);
  });

  it("lets real application errors through", () => {
    expect(isExtensionNoise(new Error("Failed to fetch"))).toBe(false);
    expect(isExtensionNoise(undefined)).toBe(false);
    expect(isExtensionNoise(42)).toBe(false);
  });
});
