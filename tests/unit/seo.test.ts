import { describe, expect, it } from "vitest";

import { documentTitle, pageMeta, siteUrlOf } from "~/lib/seo";

const find = (meta: ReturnType<typeof pageMeta>, key: string, value: string) =>
  meta.find((entry) => (entry as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;

describe("page metadata", () => {
  it("titles pages '{page title} | Global Implant Institute', with the spec's default", () => {
    expect(documentTitle("Contact Us")).toBe("Contact Us | Global Implant Institute");
    expect(documentTitle(undefined)).toBe("Global Implant Institute - Advanced Dental Implantology Courses");
  });

  it("gives a canonical link on the site's host, Open Graph and Twitter tags and a default share image", () => {
    const meta = pageMeta("https://example.com", "/courses", { title: "Courses", description: "All courses" });
    expect(find(meta, "rel", "canonical")?.href).toBe("https://example.com/courses");
    expect(find(meta, "property", "og:title")?.content).toBe("Courses | Global Implant Institute");
    expect(find(meta, "property", "og:type")?.content).toBe("website");
    expect(find(meta, "property", "og:image")?.content).toBe("https://example.com/media/share-default.jpg");
    expect(find(meta, "name", "twitter:card")?.content).toBe("summary_large_image");
    expect(find(meta, "name", "description")?.content).toBe("All courses");
    expect(find(meta, "name", "robots")?.content).toMatch(/^index, follow, max-image-preview:large/);
  });

  it("says noindex, nofollow when asked", () => {
    const meta = pageMeta("https://example.com", "/account", { title: "Account", noIndex: true });
    expect(find(meta, "name", "robots")?.content).toBe("noindex, nofollow");
  });

  it("emits one JSON-LD script per structured-data object", () => {
    const one = pageMeta("https://example.com", "/", { structuredData: { "@type": "Organization" } });
    const two = pageMeta("https://example.com", "/", { structuredData: [{ "@type": "Organization" }, { "@type": "Course" }] });
    expect(one.filter((entry) => "script:ld+json" in entry)).toHaveLength(1);
    expect(two.filter((entry) => "script:ld+json" in entry)).toHaveLength(2);
  });

  it("takes the site URL from the root loader's data", () => {
    const matches = [{ id: "root", loaderData: { publicEnv: { siteUrl: "https://gii.example" } } }];
    expect(siteUrlOf({ matches })).toBe("https://gii.example");
  });
});
