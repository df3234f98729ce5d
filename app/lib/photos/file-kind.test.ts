import { describe, expect, it } from "vitest";
import { notAPhotoMessage } from "./file-kind";

describe("notAPhotoMessage", () => {
  it("lets photos through, by type or, without one, by name", () => {
    expect(notAPhotoMessage({ name: "IMG_0042.JPG", type: "image/jpeg" })).toBeNull();
    expect(notAPhotoMessage({ name: "IMG_0042.HEIC", type: "image/heic" })).toBeNull();
    expect(notAPhotoMessage({ name: "bumper.webp", type: "" })).toBeNull();
  });

  it("names the file that isn't a photo", () => {
    expect(notAPhotoMessage({ name: "notes.pdf", type: "application/pdf" })).toBe(
      "notes.pdf isn't a photo. Upload JPEG, PNG or WebP photos of the damage.",
    );
    expect(notAPhotoMessage({ name: "trip.csv", type: "" })).toBe(
      "trip.csv isn't a photo. Upload JPEG, PNG or WebP photos of the damage.",
    );
  });
});
