/**
 * Rows and files the database tests start from, inserted with the app's own drizzle connection.
 * Callers pass the modules they loaded after setting DATA_DIR (the database reads it once).
 */
import type { TripInput } from "../../app/domain/trips/trip";
import sharp from "sharp";
import type * as DbModule from "../../app/lib/runtime/db.server";
import type * as Schema from "../../db/schema";

/** A user who owns one account (role primary), as registration would leave them. */
export function insertOwner(db: typeof DbModule, schema: typeof Schema, name: string) {
  const { users, accounts, memberships } = schema;
  const userId = crypto.randomUUID();
  const accountId = crypto.randomUUID();
  db.db()
    .insert(users)
    .values({
      id: userId,
      username: name,
      usernameKey: name.toLowerCase(),
      email: `${name}@example.com`,
      passwordHash: "x",
    })
    .run();
  db.db().insert(accounts).values({ id: accountId, ownerUserId: userId }).run();
  db.db().insert(memberships).values({ accountId, userId, role: "primary" }).run();
  return { userId, accountId };
}

/** The car most estimate tests price: a 2021 Toyota Camry SE sedan, mid class, metallic paint. */
export const SAMPLE_CAR = {
  nickname: "Blue",
  vin: null,
  year: 2021,
  make: "Toyota",
  model: "Camry",
  trim: "SE",
  bodyType: "sedan",
  priceClass: "mid",
  paintType: "metallic-pearl",
  plate: null,
  windshieldCamera: null,
  frontRadar: null,
  frontParkingSensors: null,
  rearParkingSensors: null,
  blindSpotMonitors: null,
  rearCamera: null,
  surroundCameras: null,
  headlampType: null,
  aluminumPanels: null,
  status: "active",
} as const;

/** A textured 1600×1200 JPEG, bright and sharp enough to pass the photo quality checks. */
export async function texturedJpeg(seed = 7) {
  const width = 400;
  const height = 300;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (Math.sin(i * 0.01 * seed) * 90 + 130) | 0;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .resize(1600, 1200, { kernel: "nearest" })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A trip of the sample car as `createTrip` takes it; only what a test is about is given. */
export function tripInput(
  trip: Pick<TripInput, "reservationId" | "startAt" | "endAt"> & Partial<TripInput>,
): TripInput {
  return {
    guestName: null,
    timeZone: "America/Denver",
    pickupLocation: null,
    returnLocation: null,
    odometerStart: null,
    odometerEnd: null,
    distanceMiles: null,
    earningsCents: null,
    status: "booked",
    ...trip,
  };
}
