import { templatesByStage } from "~/domain/guest-message-templates";

export const GUEST_TEMPLATES_PATH = "/guest-message-templates";
export const GUEST_TEMPLATES_FEATURE = "guest_message_templates";

/** The templates by trip stage, in the page's order. */
export const TEMPLATE_GROUPS = templatesByStage();
