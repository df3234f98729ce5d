import type { IconName } from "~/components/icons";
import { marketplace } from "~/config/marketplace";

/** Copy of the concierge landing page (/). */

export const conciergeFeatures: Array<{ icon: IconName; title: string; text: string }> = [
  {
    icon: "inbox",
    title: "24/7 AI Inbox Assistant",
    text: `Every guest message on ${marketplace.name} gets an answer in seconds, day or night: pickup instructions, parking, charging, extensions. Drafts are grounded in your trip, car and house rules, and anything touchy waits for approval.`,
  },
  {
    icon: "user",
    title: "A Human Virtual Assistant",
    text: "A trained VA works inside your account for the things software shouldn't decide alone: lock-outs, accidents, upset guests, refunds. You set the rules; they follow them and leave a note on every action.",
  },
  {
    icon: "shield",
    title: "An AI Claims Agent",
    text: "Damage photos become a line-by-line repair estimate in about 60 seconds. The agent tracks every deadline, assembles the evidence, files the claim and follows it until the money is in your account.",
  },
];

export type AutomationTab = "booking" | "support" | "damage" | "monitoring";
export const AUTOMATION_TABS: AutomationTab[] = ["booking", "support", "damage", "monitoring"];

export const automations: Record<
  AutomationTab,
  { label: string; heading: string; intro: string; items: string[] }
> = {
  booking: {
    label: "Booking",
    heading: "Turn more requests into trips",
    intro:
      "Fast, friendly replies win bookings. The assistant answers pre-trip questions the moment they arrive and keeps the booking moving.",
    items: [
      "Instant booking confirmations with pickup details, written in your voice",
      "Answers about delivery, mileage, pets and extras before the guest books elsewhere",
      "Extension offers when the car is free after the current trip",
      "Review requests at the right moment, to lift your listing's ranking",
    ],
  },
  support: {
    label: "Support",
    heading: "Guests get answers at 2 a.m. You sleep",
    intro:
      "Most guest questions repeat. The assistant handles them from your playbook and hands the rest to your VA with the context already written up.",
    items: [
      "Parking, unlocking, charging and fuel questions answered in seconds",
      "Lock-outs, breakdowns and safety issues escalated to a human immediately",
      "Refunds, pricing and liability never promised without your approval",
      "Every conversation stays inside the marketplace's messaging, where it counts as evidence",
    ],
  },
  damage: {
    label: "Damage",
    heading: "Recover the money damage costs you",
    intro:
      "Most hosts lose claims to missed windows and weak paperwork, not to guests. The claims agent makes sure neither happens.",
    items: [
      "Repair estimates from photos in about 60 seconds, every line explained",
      "Pre-trip and post-trip photos compared so new damage is clear",
      `Claims filed within ${marketplace.name}'s 24-hour reporting window, with reminders for every later deadline`,
      "Tolls, smoking, cleaning and late returns invoiced instead of written off",
    ],
  },
  monitoring: {
    label: "Monitoring",
    heading: "Know what's happening across the fleet",
    intro:
      "One place shows which trips need attention, which cars are due for service and which claims are waiting on someone.",
    items: [
      "Late-return alerts with a ready-to-send extension or fee message",
      "Open damage per car, so pre-existing damage is never charged twice",
      "Claim status from filing to payout, with the next deadline on top",
      "A daily summary of what the assistant and your VA handled",
    ],
  },
};

export const whyCards: Array<{ icon: IconName; title: string; text: string }> = [
  {
    icon: "bolt",
    title: "Answers guest questions instantly",
    text: "Response time is part of your ranking. Guests hear back in seconds, not after your next meeting.",
  },
  {
    icon: "clock",
    title: "Saves 10+ hours per week",
    text: "That's 40+ hours a month of messages, photos and paperwork you no longer do yourself.",
  },
  {
    icon: "doc",
    title: "Handles claims 10x faster",
    text: "Photos to estimate in about a minute, evidence assembled automatically, deadlines tracked for you.",
  },
  {
    icon: "dollar",
    title: "Costs less than a virtual assistant",
    text: "You get AI around the clock plus a human VA for the hard cases, for less than hiring one yourself.",
  },
  {
    icon: "shield",
    title: "Professional reports and repair quotes",
    text: "Line-by-line estimates with labor, paint and parts, a low–high range and the evidence adjusters ask for.",
  },
  {
    icon: "chart",
    title: "Built for fleets, not single cars",
    text: "Team members and VAs work in your account with their own logins, and every action is on the record.",
  },
];
