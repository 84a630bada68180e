import { type FixtureCalls, fixtureDoorPort } from "../support/fixture-calls";

export type Fixtures = { [Name in keyof FixtureCalls]: (input: FixtureCalls[Name]["input"]) => Promise<FixtureCalls[Name]["output"]> };

/** The fixture door of the server under test at `serverUrl`: people, editions and purchases made by the domain services. */
export function fixturesOf(serverUrl: string): Fixtures {
  const door = `http://127.0.0.1:${fixtureDoorPort(Number(new URL(serverUrl).port))}`;
  const call =
    <Name extends keyof FixtureCalls>(name: Name) =>
    async (input: FixtureCalls[Name]["input"]): Promise<FixtureCalls[Name]["output"]> => {
      const response = await fetch(`${door}/${name}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(input) });
      if (!response.ok) throw new Error(`Fixture ${name} failed: ${response.status} ${await response.text()}`);
      return (await response.json()) as FixtureCalls[Name]["output"];
    };
  return {
    person: call("person"),
    demoCatalogue: call("demoCatalogue"),
    removePeople: call("removePeople"),
    edition: call("edition"),
    farDay: call("farDay"),
    removeEditions: call("removeEditions"),
    removeEditionsOn: call("removeEditionsOn"),
    clearPriceId: call("clearPriceId"),
    purchase: call("purchase"),
  };
}
