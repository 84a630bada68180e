import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import { plainTextSelectors, render } from "@react-email/render";
import { compile } from "html-to-text";
import type { ReactElement, ReactNode } from "react";

import { SITE } from "~/content/site";
import { mailtoHref } from "~/lib/mailto";

/**
 * The site's colours (app/app.css). The brand gold is 2.6:1 against white, so as on the
 * site it is never the colour of text on white nor white text's background: a button is
 * navy on gold, a link the darker gold (5:1).
 */
export const colors = { navy: "#0f1b2d", gold: "#c09a58", goldDark: "#8a6a32", ink: "#1f2937", mist: "#f6f7f9" };

/** A long unbroken name, subject or line wraps rather than widening the email past a phone's screen; word-break for clients without overflow-wrap: anywhere. */
const wrapAnywhere = { overflowWrap: "anywhere", wordBreak: "break-word" } as const;

export const text = { color: colors.ink, fontSize: "15px", lineHeight: "24px", margin: "0 0 16px", ...wrapAnywhere };
export const label = { color: "#6b7280", fontSize: "13px", margin: "0", ...wrapAnywhere };
/** A link in the copy: underlined as well as coloured, so it is not told by colour alone (React Email's Link removes the line). */
export const link = { color: colors.goldDark, textDecorationLine: "underline" };
export const button = {
  backgroundColor: colors.gold,
  borderRadius: "6px",
  color: colors.navy,
  display: "inline-block",
  fontSize: "15px",
  fontWeight: 600,
  padding: "12px 22px",
  textDecoration: "none",
};

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** The frame every email shares: brand band, one heading, the content, the institute's address. */
export function EmailLayout({ preview, heading, children, footer }: { preview: string; heading: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colors.mist, fontFamily: "Helvetica, Arial, sans-serif", margin: 0, padding: "24px 0" }}>
        <Container style={{ backgroundColor: "#ffffff", borderRadius: "8px", maxWidth: "600px", overflow: "hidden" }}>
          <Section style={{ backgroundColor: colors.navy, padding: "20px 32px" }}>
            <Text style={{ color: "#ffffff", fontFamily: "Georgia, serif", fontSize: "20px", margin: 0, ...wrapAnywhere }}>
              Global Implant <span style={{ color: colors.gold }}>Institute</span>
            </Text>
          </Section>
          <Section style={{ padding: "32px" }}>
            <Heading as="h1" style={{ color: colors.navy, fontFamily: "Georgia, serif", fontSize: "24px", margin: "0 0 20px", ...wrapAnywhere }}>
              {heading}
            </Heading>
            {children}
          </Section>
          <Hr style={{ borderColor: "#e5e7eb", margin: 0 }} />
          <Section style={{ padding: "20px 32px" }}>
            {footer}
            <Text style={{ ...label, lineHeight: "20px" }}>
              {/* The address as the receipt writes it, with its country: a reader may be anywhere. */}
              {SITE.name} · {SITE.dubaiAddress.building}, {SITE.dubaiAddress.area}, {SITE.dubaiAddress.city}, {SITE.dubaiAddress.country} ·{" "}
              <Link href={mailtoHref(SITE.generalEmail)} style={link}>
                {SITE.generalEmail}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * React Email's plain-text conversion, compiled once: its own `plainText` option
 * renders the element a second time and compiles the converter's selectors on
 * every call, which was a fifth of a contact message's time on the server.
 */
const toPlainText = compile({ wordwrap: false, selectors: plainTextSelectors });

/** HTML and plain text from one render of a React Email element; React escapes every value. */
export async function renderEmail(subject: string, element: ReactElement): Promise<RenderedEmail> {
  const html = await render(element);
  const text = toPlainText(html);
  return { subject, html, text };
}

export function greeting(name: string | undefined) {
  return name ? `Dear ${name},` : "Hello,";
}
