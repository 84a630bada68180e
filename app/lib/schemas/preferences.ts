import { z } from "zod";

export const PREFERENCES_ENDPOINT = "/api/v2/v2-update-user-preferences";

export const PREFERENCES_MESSAGES = {
  loginRequired: "You must be logged in to change preferences.",
  saved: "Marketing preferences updated successfully!",
  failed: "Failed to update marketing preferences.",
} as const;

/**
 * Spec 7: the preferences call's body, `{ preferences: { eventNotifications } }`; anything else in it is ignored.
 * A body without a true or false there is refused in spec 8's words for a failed change.
 */
export const UpdatePreferencesSchema = z.object({
  preferences: z.object({ eventNotifications: z.boolean({ error: PREFERENCES_MESSAGES.failed }) }, { error: PREFERENCES_MESSAGES.failed }),
  /** The account page's own switch names the account it was drawn for (ACCOUNT_FIELD); other callers may leave it out. */
  accountId: z.string({ error: PREFERENCES_MESSAGES.failed }).optional(),
});
