import type { templatesByStage } from "~/domain/guest-message-templates";

export const GUEST_TEMPLATES_PATH = "/guest-message-templates";
export const GUEST_TEMPLATES_FEATURE = "guest_message_templates";

/** A trip stage with its templates, as the page's loader sends them (the text is data, not code). */
export type TemplateGroup = ReturnType<typeof templatesByStage>[number];
