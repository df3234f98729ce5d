import { describe, expect, it } from "vitest";
import { notFound } from "./not-found";

describe("notFound", () => {
  it("throws a 404 Response carrying the message", async () => {
    let thrown: unknown;
    try {
      notFound("We couldn't find that report.");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(404);
    expect(response.statusText).toBe("Not Found");
    expect(await response.text()).toBe("We couldn't find that report.");
  });

  it("narrows a missing value away", () => {
    const find = (id: string): { id: string } | undefined => (id === "a" ? { id } : undefined);
    const found: { id: string } = find("a") ?? notFound();
    expect(found.id).toBe("a");
    expect(() => find("b") ?? notFound()).toThrow(Response);
  });
});
