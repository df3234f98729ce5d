import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * On a draft damage claim's page: filing without the amount is refused with the reason and the
 * claim stays a draft; then `amount` is entered and the claim filed. `ready` waits for hydration
 * (a no-op with JavaScript off). Returns the "Update the claim" region.
 */
export async function fileClaimOnceAmountEntered(
  page: Page,
  amount: string,
  ready: () => Promise<void>,
) {
  const update = page.getByRole("region", { name: "Update the claim" });
  await update.getByLabel("New status").selectOption("filed");
  await update.getByRole("button", { name: "Save" }).click();
  await expect(
    update
      .getByText(
        "Enter the amount claimed before filing: the estimate's total, a shop's quote or the invoice.",
      )
      .first(),
  ).toBeVisible();
  await ready();
  await expect(page.getByRole("heading", { name: "Damage claim · Draft" })).toBeVisible();
  await update.getByLabel("Amount claimed, $").fill(amount);
  await update.getByLabel("New status").selectOption("filed");
  await update.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "Damage claim · Filed" })).toBeVisible();
  await ready();
  return update;
}
