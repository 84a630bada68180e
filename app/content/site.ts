/** Institute-wide facts shown across the site (spec sections 1 and 9). */
export const SITE = {
  name: "Global Implant Institute",
  defaultTitle: "Global Implant Institute - Advanced Dental Implantology Courses",
  defaultDescription:
    "Advanced dental implantology courses for dentists in Dubai and London: live-patient full-arch, zygomatic and grafting training in small groups, with all-inclusive fees.",
  defaultKeywords: [
    "dental implant courses",
    "full arch implant course",
    "zygomatic implants course",
    "live patient implant training",
    "Dubai dental courses",
    "London dental courses",
  ],
  defaultShareImage: "/media/share-default.jpg",
  logo: "/media/logo.svg",
  generalEmail: "info@globalimplantinstitute.com",
  dubaiAddress: {
    building: "Building 27, Block C, Ground Floor",
    area: "Dubai Healthcare City",
    city: "Dubai",
    country: "United Arab Emirates",
  },
  builderCredit: { name: "Northlight Studio", url: "https://northlight.studio" },
} as const;

/** The not-found page's tags, for /404 and for any page that answers 404 (spec 2: noIndex). */
export const NOT_FOUND_PAGE = { title: "Page Not Found", noIndex: true } as const;
