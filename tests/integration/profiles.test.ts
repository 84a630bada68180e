import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import type { ProfileInput } from "~/lib/schemas/profile";
import { getProfile, saveProfile, setEventNotifications } from "~/server/accounts/profiles.server";
import { interestRegistrations, newsletterSubscribers, profiles, users } from "~/server/db/schema.server";

import { testDriver, useTestDatabase } from "../support/database";
import { createPerson, FULL_PROFILE, type Person } from "../support/people";
import { testServices } from "../support/route-args";
import { tableCounts } from "../support/table-counts";

const handle = useTestDatabase();
const person = (options: Parameters<typeof createPerson>[1] = {}) => createPerson({ db: handle.db, auth: testServices(handle).auth }, options);

const userOf = async (id: string) => (await handle.db.select().from(users).where(eq(users.id, id)))[0];
const subscriberOf = async (email: string) => (await handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];
const preferencesOf = async (id: string) => (await getProfile(handle.db, id))?.emailPreferences;

const profileInput = (fields: Partial<ProfileInput> = {}): ProfileInput => ({ ...FULL_PROFILE, ...fields });

/** The session's person, as the preferences endpoint hands it to the service. */
const sessionPerson = async (who: Person) => {
  const user = await userOf(who.id);
  return { id: user.id, email: user.email, emailVerified: user.emailVerified, name: user.name };
};

describe(`saveProfile on ${testDriver}`, () => {
  it("writes every field of the person's profile and answers the stored row", async () => {
    const who = await person({ firstName: "Bea", lastName: "Okafor" });
    const saved = await saveProfile(handle.db, who.id, profileInput({ firstName: "Beatrice", lastName: "Okafor-Hale" }));
    expect(saved).toMatchObject({ id: who.id, ...profileInput({ firstName: "Beatrice", lastName: "Okafor-Hale" }) });
    expect(await getProfile(handle.db, who.id)).toEqual(saved);
  });

  it("makes the account's first name, last name and name follow the profile's, in the same save", async () => {
    const who = await person({ firstName: "Cara", lastName: "Doyle" });
    expect(await userOf(who.id)).toMatchObject({ firstName: "Cara", lastName: "Doyle", name: "Cara Doyle" });

    await saveProfile(handle.db, who.id, profileInput({ firstName: "Caoimhe", lastName: "Ní Dhubhghaill" }));
    expect(await userOf(who.id)).toMatchObject({ firstName: "Caoimhe", lastName: "Ní Dhubhghaill", name: "Caoimhe Ní Dhubhghaill" });

    // One name only: the other is cleared on the account, and the name is the one given.
    await saveProfile(handle.db, who.id, profileInput({ firstName: null, lastName: "Doyle" }));
    expect(await userOf(who.id)).toMatchObject({ firstName: null, lastName: "Doyle", name: "Doyle" });
    await saveProfile(handle.db, who.id, profileInput({ firstName: "Cara", lastName: null }));
    expect(await userOf(who.id)).toMatchObject({ firstName: "Cara", lastName: null, name: "Cara" });
  });

  it("keeps the account's name when the profile gives none, rather than blanking it", async () => {
    const who = await person({ firstName: "Dev", lastName: "Patel" });
    await saveProfile(handle.db, who.id, profileInput({ firstName: null, lastName: null }));
    expect(await userOf(who.id)).toMatchObject({ firstName: null, lastName: null, name: "Dev Patel" });
    expect(await getProfile(handle.db, who.id)).toMatchObject({ firstName: null, lastName: null });
  });

  it("clears the optional fields a later save leaves out, and keeps the email preferences and admin flag it does not touch", async () => {
    const who = await person({ marketing: true });
    await saveProfile(handle.db, who.id, profileInput());
    const saved = await saveProfile(
      handle.db,
      who.id,
      profileInput({ mobileCountryCode: null, mobileNumber: null, instagramProfile: null, countryOfResidence: null, emailAddress: null }),
    );
    expect(saved).toMatchObject({ mobileCountryCode: null, mobileNumber: null, instagramProfile: null, countryOfResidence: null, emailAddress: null });
    expect(saved).toMatchObject({ emailPreferences: { eventNotifications: true }, isAdmin: false });
  });

  it("makes the profile row of an account that has none yet, and syncs its name as well", async () => {
    const who = await person({ firstName: "Eli", lastName: "Stone" });
    await handle.db.delete(profiles).where(eq(profiles.id, who.id));
    expect(await getProfile(handle.db, who.id)).toBeNull();

    const saved = await saveProfile(handle.db, who.id, profileInput({ firstName: "Elias", lastName: "Stone" }));
    expect(saved).toMatchObject({ id: who.id, firstName: "Elias", emailPreferences: { eventNotifications: false }, isAdmin: false });
    expect(await userOf(who.id)).toMatchObject({ firstName: "Elias", name: "Elias Stone" });
  });

  it("changes only the named person's profile and account", async () => {
    const mine = await person({ firstName: "Fay", lastName: "Ng" });
    const theirs = await person({ firstName: "Gus", lastName: "Ortiz" });
    const theirProfile = await getProfile(handle.db, theirs.id);
    const theirUser = await userOf(theirs.id);

    await saveProfile(handle.db, mine.id, profileInput({ firstName: "Faye", mobileNumber: "7700900999" }));
    expect(await getProfile(handle.db, theirs.id)).toEqual(theirProfile);
    expect(await userOf(theirs.id)).toEqual(theirUser);
  });

  it("refuses an id that names no account and writes nothing", async () => {
    const before = await tableCounts(handle.db);
    await expect(saveProfile(handle.db, "no-such-user", profileInput())).rejects.toThrow();
    expect(await tableCounts(handle.db)).toEqual(before);
    expect(await getProfile(handle.db, "no-such-user")).toBeNull();
  });
});

describe(`setEventNotifications on ${testDriver}`, () => {
  it("on, for a verified account: the preference is stored and the address is on the newsletter, confirmed at once", async () => {
    const who = await person({ marketing: false });
    await setEventNotifications(handle.db, await sessionPerson(who), true);
    expect(await preferencesOf(who.id)).toEqual({ eventNotifications: true });
    const subscriber = await subscriberOf(who.email);
    expect(subscriber).toMatchObject({ source: "account", unsubscribedAt: null });
    expect(subscriber.confirmedAt).toBeInstanceOf(Date);
  });

  it("off: the preference is stored, and the address leaves the newsletter and every interest registration (any case), others untouched", async () => {
    const who = await person({ marketing: false });
    const bystander = await person({ marketing: false });
    const me = await sessionPerson(who);
    await setEventNotifications(handle.db, me, true);
    await setEventNotifications(handle.db, await sessionPerson(bystander), true);
    await handle.db.insert(interestRegistrations).values([
      { name: "Me", email: who.email.toUpperCase(), offeringKeys: ["level-1"], confirmedAt: new Date(), confirmationToken: `tok-${who.id}` },
      { name: "Other", email: bystander.email, offeringKeys: ["level-1"], confirmedAt: new Date() },
    ]);

    await setEventNotifications(handle.db, me, false);
    expect(await preferencesOf(who.id)).toEqual({ eventNotifications: false });
    const subscriber = await subscriberOf(who.email);
    expect(subscriber.unsubscribedAt).toBeInstanceOf(Date);
    const [mine] = await handle.db.select().from(interestRegistrations).where(eq(interestRegistrations.email, who.email.toUpperCase()));
    expect(mine.unsubscribedAt).toBeInstanceOf(Date);
    expect(mine.confirmationToken).toBeNull();

    expect((await subscriberOf(bystander.email)).unsubscribedAt).toBeNull();
    const [theirs] = await handle.db.select().from(interestRegistrations).where(eq(interestRegistrations.email, bystander.email));
    expect(theirs.unsubscribedAt).toBeNull();
  });

  it("on again after off: subscribed once more, keeping the first confirmation time", async () => {
    const who = await person();
    const me = await sessionPerson(who);
    await setEventNotifications(handle.db, me, true);
    const first = await subscriberOf(who.email);
    await setEventNotifications(handle.db, me, false);
    await setEventNotifications(handle.db, me, true);
    const again = await subscriberOf(who.email);
    expect(again).toMatchObject({ id: first.id, unsubscribedAt: null });
    expect(again.confirmedAt).toEqual(first.confirmedAt);
  });

  it("never puts an unconfirmed address on a list, though the preference is kept", async () => {
    const who = await person({ verified: false });
    const me = await sessionPerson(who);
    expect(me.emailVerified).toBe(false);
    await setEventNotifications(handle.db, me, true);
    expect(await preferencesOf(who.id)).toEqual({ eventNotifications: true });
    expect(await subscriberOf(who.email)).toBeUndefined();
  });

  it("keeps any other preference stored beside it", async () => {
    const who = await person();
    await handle.db
      .update(profiles)
      .set({ emailPreferences: sql`${JSON.stringify({ eventNotifications: false, digest: "weekly" })}::jsonb` })
      .where(eq(profiles.id, who.id));
    await setEventNotifications(handle.db, await sessionPerson(who), true);
    expect(await preferencesOf(who.id)).toEqual({ eventNotifications: true, digest: "weekly" });
  });

  it("makes the profile row of an account that has none yet", async () => {
    const who = await person();
    await handle.db.delete(profiles).where(eq(profiles.id, who.id));
    await setEventNotifications(handle.db, await sessionPerson(who), true);
    expect(await getProfile(handle.db, who.id)).toMatchObject({ id: who.id, emailPreferences: { eventNotifications: true } });
    expect((await subscriberOf(who.email)).confirmedAt).toBeInstanceOf(Date);
  });

  it("leaves other people's preferences as they are", async () => {
    const who = await person({ marketing: true });
    const other = await person({ marketing: true });
    await setEventNotifications(handle.db, await sessionPerson(who), false);
    expect(await preferencesOf(who.id)).toEqual({ eventNotifications: false });
    expect(await preferencesOf(other.id)).toEqual({ eventNotifications: true });
  });
});
