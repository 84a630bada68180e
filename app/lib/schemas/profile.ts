import { z } from "zod";

import { COUNTRIES_OF_RESIDENCE, COUNTRY_CODES } from "~/content/account";
import { MAX_NAME_LENGTH } from "~/lib/field-limits";

import { blankAsEmpty, isEmailAddress, namePlainTextProblem, nameTooLong, safeString } from "./fields";

/** The account form's field names (spec 3), in the order the form shows them. */
export const PROFILE_FIELDS = ["firstName", "lastName", "emailAddress", "mobileCountryCode", "mobileNumber", "countryOfResidence", "instagramProfile"] as const;

export type ProfileField = (typeof PROFILE_FIELDS)[number];
/** What the form holds: every field as text, empty when not given. */
export type ProfileFormValues = Record<ProfileField, string>;

export const PROFILE_MESSAGES = {
  loginRequired: "You must be logged in to update your profile.",
  nameRequired: "First name or last name must be provided.",
  numberWithoutCode: "Please enter a mobile number with the country code.",
  codeWithoutNumber: "Please select a country code for your mobile number.",
  mobileDigits: "Mobile number should contain 6-15 digits only.",
  email: "Please enter a valid email address.",
  instagram: "Please enter a valid Instagram username (@username) or URL.",
  countryCode: "Please select a country code from the list.",
  country: "Please select a country of residence from the list.",
  tooLong: "Please keep each field under 200 characters.",
} as const;

/**
 * The account page's changes name the account the page was drawn for: another tab may have signed someone else in
 * since (a shared computer at a clinic), and what this page shows must not be saved into their account.
 */
export const ACCOUNT_FIELD = "account";
export const ACCOUNT_CHANGED_MESSAGE =
  "This page was for another account: someone else has signed in on this browser since. Nothing was changed, and the page now shows the account signed in.";

const MAX_PROFILE_FIELD_LENGTH = 200;

const MOBILE_NUMBER_PATTERN = /^\d{6,15}$/;
/** A handle: an optional @, then 1-30 letters, digits, dots or underscores. */
const INSTAGRAM_HANDLE_PATTERN = /^@?[A-Za-z0-9._]{1,30}$/;
/** A profile URL: instagram.com/{handle}, with or without scheme and www, an optional slash and query. */
const INSTAGRAM_URL_PATTERN = /^(https?:\/\/)?(www\.)?instagram\.com\/[A-Za-z0-9._]{1,30}\/?(\?\S*)?$/i;

export function isInstagramProfile(value: string): boolean {
  return INSTAGRAM_HANDLE_PATTERN.test(value) || INSTAGRAM_URL_PATTERN.test(value);
}

/** A missing value, or one that shows nothing, reads as empty text; values are trimmed before any rule. */
const text = z.preprocess(
  (value) => (value === undefined || value === null ? "" : blankAsEmpty()(value)),
  safeString({ error: "Please enter text in every field." }).max(MAX_PROFILE_FIELD_LENGTH, PROFILE_MESSAGES.tooLong),
);

const isOneOf = (list: readonly string[], value: string) => list.includes(value);

/**
 * Spec 5, profile save: used by the account form as the person types and by
 * the route's action. Empty optional values come out as null (spec 5).
 */
export const ProfileSchema = z
  .object(Object.fromEntries(PROFILE_FIELDS.map((field) => [field, text])) as Record<ProfileField, typeof text>)
  // In spec 5's order (name, mobile, email, Instagram): the form's message is the first issue's.
  .superRefine((value, ctx) => {
    const issue = (field: ProfileField, message: string) => ctx.addIssue({ code: "custom", path: [field], message });
    if (!value.firstName && !value.lastName) issue("firstName", PROFILE_MESSAGES.nameRequired);
    for (const [field, label] of [
      ["firstName", "First name"],
      ["lastName", "Last name"],
    ] as const) {
      const problem = value[field].length > MAX_NAME_LENGTH ? nameTooLong(label) : namePlainTextProblem(value[field]);
      if (problem) issue(field, problem);
    }
    if (value.mobileCountryCode && !isOneOf(COUNTRY_CODES, value.mobileCountryCode)) issue("mobileCountryCode", PROFILE_MESSAGES.countryCode);
    if (value.mobileNumber && !value.mobileCountryCode) issue("mobileCountryCode", PROFILE_MESSAGES.numberWithoutCode);
    if (value.mobileCountryCode && !value.mobileNumber) issue("mobileNumber", PROFILE_MESSAGES.codeWithoutNumber);
    if (value.mobileNumber && !MOBILE_NUMBER_PATTERN.test(value.mobileNumber)) issue("mobileNumber", PROFILE_MESSAGES.mobileDigits);
    if (value.emailAddress && !isEmailAddress(value.emailAddress)) issue("emailAddress", PROFILE_MESSAGES.email);
    if (value.countryOfResidence && !isOneOf(COUNTRIES_OF_RESIDENCE, value.countryOfResidence)) issue("countryOfResidence", PROFILE_MESSAGES.country);
    if (value.instagramProfile && !isInstagramProfile(value.instagramProfile)) issue("instagramProfile", PROFILE_MESSAGES.instagram);
  })
  .transform((value) => {
    const saved = {} as Record<ProfileField, string | null>;
    for (const field of PROFILE_FIELDS) saved[field] = value[field] || null;
    return saved;
  });

/** A valid profile as stored: trimmed, with null for every value not given. */
export type ProfileInput = z.output<typeof ProfileSchema>;

/** The form's values for a stored profile (or none), with the account's email when the profile has none yet. */
export function profileFormValues(profile: Partial<Record<ProfileField, string | null>> | null, accountEmail: string): ProfileFormValues {
  const values = {} as ProfileFormValues;
  for (const field of PROFILE_FIELDS) values[field] = profile?.[field] ?? "";
  if (!profile) values.emailAddress = accountEmail;
  return values;
}

/** Spec 8: how a failed profile save reads in the toast. */
export const profileSaveError = (message: string) => `Error updating profile: ${message}`;
