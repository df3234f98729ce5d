/**
 * Every product analytics event with its properties, in one typed table. Both the
 * browser (PostHog) and the server's first-party event log use these names.
 */
export const PLATFORM = "FleetAssist";

export interface EventProperties {
  user_registered: { method?: string };
  user_subscribed: { planId?: string };
  session_started: Record<string, never>;
  session_ended: Record<string, never>;
  vehicle_added: { vehicleId: string };
  vehicle_marked_repaired: { vehicleId: string };
  analysis_started: { analysisId: string; photoCount?: number };
  analysis_completed: { analysisId: string };
  analysis_downloaded: { analysisId: string };
  analysis_printed: { analysisId: string };
  dashboard_viewed: Record<string, never>;
  report_viewed: { analysisId: string };
  pdf_generated: { analysisId: string };
  demo_button_clicked: { location: string };
  demo_booking_submitted: { location: string; vehicleCount: number };
  page_view: { page: string };
  button_click: { buttonName: string; location: string };
  form_submit: { formName: string; success: boolean };
  analysis_interaction: { action: string; analysisId: string };
  dashboard_interaction: { action: string; section: string };
  vehicle_interaction: { action: string; vehicleId: string };
  photo_upload: { photoCount: number; analysisType: string };
  download_initiated: { analysisId: string; downloadType: string };
  print_initiated: { analysisId: string };
  error_occurred: { message: string; context?: string };
  feature_usage: { feature: string; action: string };
}

export type EventName = keyof EventProperties;

export type AnalyticsEvent<N extends EventName = EventName> = {
  name: N;
  properties: EventProperties[N] & { platform: string; timestamp: string };
};

/** Every event carries the platform name and a timestamp. */
export function buildEvent<N extends EventName>(
  name: N,
  properties: EventProperties[N],
  now: Date = new Date(),
): AnalyticsEvent<N> {
  return { name, properties: { ...properties, platform: PLATFORM, timestamp: now.toISOString() } };
}
