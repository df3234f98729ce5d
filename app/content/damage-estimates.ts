import type { IconName } from "~/components/icons";
import { marketplace } from "~/config/marketplace";

export const howItWorks: Array<{ icon: IconName; title: string; text: string }> = [
  {
    icon: "camera",
    title: "Snap",
    text: "Photograph the damage on your phone right after the trip: wide shots for context, close-ups for detail. The app warns you when a photo is too dark or blurry to win a claim.",
  },
  {
    icon: "upload",
    title: "Upload",
    text: "Photos are resized on your phone before upload, so it works on a weak connection. Capture time and location are kept as evidence.",
  },
  {
    icon: "sparkle",
    title: "AI Analysis",
    text: "In about 60 seconds you get a line-by-line estimate: repair, refinish, blend, parts and labor at your area's shop rates, with a low–high range. You review every finding before it's final.",
  },
  {
    icon: "trophy",
    title: "Submit & Win",
    text: `Send a professional PDF report or a share link with your ${marketplace.name} claim or to the guest's insurer, inside the deadline, with before-and-after evidence attached.`,
  },
];

export const problems: Array<{ title: string; text: string }> = [
  {
    title: "About 10% of cars get damaged every month",
    text: "For a ten-car fleet that's a claim almost every month, each one hours of photos, quotes and messages.",
  },
  {
    title: "Body-shop quotes take days",
    text: `${marketplace.name} wants damage reported within 24 hours and an estimate soon after. Waiting on a shop means missed windows and denied claims.`,
  },
  {
    title: "Vague estimates get paid low",
    text: "A single number invites pushback. Adjusters pay faster when every line shows the operation, the hours and the rate.",
  },
];
