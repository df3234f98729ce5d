import { getFormProps } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormErrors } from "~/components/form-field";
import type { BodyType, PanelId } from "~/domain/estimate/taxonomy";
import { FindingFormFields } from "~/lib/estimates/finding-form";
import { useSchemaForm, type FormResult } from "~/lib/http/form";
import type { OpenDamage } from "~/lib/estimates/open-damage";
import { FindingFields } from "./finding-fields";
import type { ChoosablePhoto } from "./finding-photo-box";

/**
 * How many posts of `intent` worked (the action redirected instead of answering with errors):
 * a form keyed on it starts again from its defaults after each. Without JavaScript the redirect
 * loads a fresh page anyway.
 */
export function useSuccessfulPosts(intent: string, failed: boolean) {
  const navigation = useNavigation();
  const [count, setCount] = useState(0);
  const posting = useRef(false);
  useEffect(() => {
    if (navigation.formData?.get("intent") === intent) {
      posting.current = true;
    } else if (navigation.state === "idle" && posting.current) {
      posting.current = false;
      if (!failed) setCount((n) => n + 1);
    }
  }, [navigation, intent, failed]);
  return count;
}

/**
 * The "Add damage" form. Keyed on the adds that worked by its caller, so one finding's size,
 * note and "already there" never carry over to the next.
 */
export function AddFindingForm({
  bodyType,
  lastResult,
  panel,
  onPanelChange,
  busy,
  openDamage,
  photos,
}: {
  bodyType: BodyType;
  lastResult?: FormResult;
  panel: PanelId | "";
  onPanelChange: (panel: PanelId) => void;
  busy: boolean;
  openDamage: OpenDamage[];
  photos: readonly ChoosablePhoto[];
}) {
  const [form, fields] = useSchemaForm(FindingFormFields, lastResult, { id: "add-finding" });
  return (
    <Form method="post" className="mt-3 space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="add-finding" />
      <FormErrors form={form} />
      <FindingFields
        idPrefix="add-"
        bodyType={bodyType}
        fields={fields}
        panel={panel}
        onPanelChange={onPanelChange}
        openDamage={openDamage}
        photos={photos}
      />
      <button type="submit" className="btn-primary" disabled={busy}>
        Add to estimate
      </button>
    </Form>
  );
}
