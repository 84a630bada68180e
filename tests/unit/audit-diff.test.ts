import { describe, expect, it } from "vitest";

import { fieldChanges } from "~/lib/audit-diff";

describe("an audit entry's before and after as changed fields", () => {
  it("lists changed, added and removed fields, leaving unchanged ones out", () => {
    expect(
      fieldChanges(
        { title: "Sinus Grafting", capacity: 12, active: true, venue: "Dubai" },
        { title: "Sinus Grafting", capacity: 10, active: false, price: 150_000 },
      ),
    ).toEqual([
      { field: "capacity", kind: "changed", before: "12", after: "10" },
      { field: "active", kind: "changed", before: "true", after: "false" },
      { field: "venue", kind: "removed", before: "Dubai" },
      { field: "price", kind: "added", after: "150000" },
    ]);
  });

  it("treats a missing snapshot as no fields: a creation adds every field, a deletion removes them", () => {
    expect(fieldChanges(null, { title: "Level 1", startDate: "2027-03-12" })).toEqual([
      { field: "title", kind: "added", after: "Level 1" },
      { field: "startDate", kind: "added", after: "2027-03-12" },
    ]);
    expect(fieldChanges({ title: "Level 1" }, undefined)).toEqual([{ field: "title", kind: "removed", before: "Level 1" }]);
    expect(fieldChanges(null, null)).toEqual([]);
  });

  it("shows every value as text: empty values, nested objects and arrays", () => {
    expect(fieldChanges({ note: null, tags: ["a"], place: { city: "Dubai" } }, { note: "hi", tags: ["a", "b"], place: { city: "Dubai" } })).toEqual([
      { field: "note", kind: "changed", before: "(empty)", after: "hi" },
      { field: "tags", kind: "changed", before: '["a"]', after: '["a","b"]' },
    ]);
  });

  it("names a bare value `value`, and keeps markup as plain text", () => {
    expect(fieldChanges("<b>old</b>", "<script>new</script>")).toEqual([
      { field: "value", kind: "changed", before: "<b>old</b>", after: "<script>new</script>" },
    ]);
  });
});
