import exifrFull from "exifr";
// @ts-expect-error -- exifr ships types for its main entry only; this build has the same API.
import exifrLiteUntyped from "exifr/dist/lite.esm.mjs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { EXIFR_OPTIONS, formatCaptureTime, normalizeGps, readExifFields } from "./exif-values";

const exifrLite = exifrLiteUntyped as typeof exifrFull;

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0); // 2025-06-15T12:00:00Z

describe("formatCaptureTime", () => {
  it("formats EXIF time with and without the recorded offset", () => {
    expect(formatCaptureTime("2024:05:06 07:08:09", "-08:00", NOW)).toBe(
      "2024-05-06T07:08:09-08:00",
    );
    expect(formatCaptureTime("2024:05:06 07:08:09", "+05:30", NOW)).toBe(
      "2024-05-06T07:08:09+05:30",
    );
    expect(formatCaptureTime("2024:05:06 07:08:09", undefined, NOW)).toBe("2024-05-06T07:08:09");
    // A malformed offset is dropped, the time is kept.
    expect(formatCaptureTime("2024:05:06 07:08:09", "PST", NOW)).toBe("2024-05-06T07:08:09");
  });

  it("rejects malformed, impossible and absurd dates", () => {
    for (const value of [
      "0000:00:00 00:00:00",
      "    :  :     :  :  ",
      "2024:02:30 10:00:00",
      "2024:13:01 10:00:00",
      "2024:05:06 24:00:00",
      "1999:12:31 23:59:59",
      "1970:01:01 00:00:00",
      "2025:06:17 12:00:00", // two days ahead of NOW
      "",
      42,
      null,
    ]) {
      expect(formatCaptureTime(value, undefined, NOW), String(value)).toBeNull();
    }
  });

  it("allows up to a day ahead, judged by the instant when the offset is known", () => {
    expect(formatCaptureTime("2025:06:16 11:00:00", undefined, NOW)).toBe("2025-06-16T11:00:00");
    // 2025-06-16 20:00 at -08:00 is 2025-06-17 04:00 UTC: more than a day after NOW.
    expect(formatCaptureTime("2025:06:16 20:00:00", "-08:00", NOW)).toBeNull();
    expect(formatCaptureTime("2025:06:16 20:00:00", "+10:00", NOW)).toBe(
      "2025-06-16T20:00:00+10:00",
    );
  });
});

describe("normalizeGps", () => {
  it("rounds to 6 decimals", () => {
    expect(normalizeGps(37.77493123, -122.41940000000001)).toEqual({
      lat: 37.774931,
      lng: -122.4194,
    });
  });

  it("rejects out-of-range, non-numeric and 0,0 positions", () => {
    expect(normalizeGps(91, 10)).toBeNull();
    expect(normalizeGps(10, -180.5)).toBeNull();
    expect(normalizeGps(Number.NaN, 10)).toBeNull();
    expect(normalizeGps("37.7", "-122.4")).toBeNull();
    expect(normalizeGps(0, 0)).toBeNull();
    expect(normalizeGps(0, 12.5)).toEqual({ lat: 0, lng: 12.5 });
  });
});

describe("readExifFields", () => {
  it("prefers DateTimeOriginal and falls back to CreateDate", () => {
    expect(
      readExifFields(
        { DateTimeOriginal: "2024:01:02 03:04:05", CreateDate: "2023:01:01 00:00:00" },
        NOW,
      ).capturedAt,
    ).toBe("2024-01-02T03:04:05");
    expect(
      readExifFields(
        {
          DateTimeOriginal: "garbage",
          CreateDate: "2023:01:01 00:00:00",
          OffsetTimeDigitized: "+01:00",
        },
        NOW,
      ).capturedAt,
    ).toBe("2023-01-01T00:00:00+01:00");
  });

  it("returns nulls for missing EXIF", () => {
    expect(readExifFields(undefined)).toEqual({ capturedAt: null, gps: null });
    expect(readExifFields({ latitude: 48.8584, longitude: 2.2945 }).gps).toEqual({
      lat: 48.8584,
      lng: 2.2945,
    });
  });
});

describe("EXIFR_OPTIONS", () => {
  // The browser uses exifr's lite build (prepare.client.ts), the server the full one: the same
  // options must work in both (the lite build throws on a top-level `pick`, for one).
  it("reads capture time and GPS with the full and the lite exifr build alike", async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#888" } })
      .jpeg()
      .withExif({
        IFD2: { DateTimeOriginal: "2024:05:06 07:08:09", OffsetTimeOriginal: "+10:00" },
        IFD3: {
          GPSLatitudeRef: "S",
          GPSLatitude: "33/1 52/1 3024/100",
          GPSLongitudeRef: "E",
          GPSLongitude: "151/1 12/1 3600/100",
        },
      })
      .toBuffer();
    const expected = {
      capturedAt: "2024-05-06T07:08:09+10:00",
      gps: { lat: -33.875067, lng: 151.21 }, // 33° 52′ 30.24″ S, 151° 12′ 36″ E
    };
    for (const exifr of [exifrFull, exifrLite]) {
      expect(readExifFields(await exifr.parse(jpeg, EXIFR_OPTIONS), NOW)).toEqual(expected);
      // As the browser passes it: an ArrayBuffer.
      const buffer = jpeg.buffer.slice(jpeg.byteOffset, jpeg.byteOffset + jpeg.length);
      expect(readExifFields(await exifr.parse(buffer, EXIFR_OPTIONS), NOW)).toEqual(expected);
    }
  });
});
