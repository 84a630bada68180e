import { Button, Text } from "@react-email/components";

import { button, EmailLayout, renderEmail, text } from "./layout.server";

/*
 * Account emails greet without a name: whoever asked for them typed it, and
 * the address they go to is not confirmed to be theirs.
 */
export function renderVerifyEmail({ url }: { url: string }) {
  return renderEmail(
    "Confirm your email address",
    <EmailLayout preview="Confirm your email to activate your account" heading="Confirm your email address">
      <Text style={text}>Hello,</Text>
      <Text style={text}>
        Thank you for creating an account with the Global Implant Institute. Please confirm your email address to activate it, with the password you chose when
        you signed up. If you ticked the box at sign-up, your £100 discount on your first course applies once confirmed.
      </Text>
      <Button href={url} style={button}>
        Confirm my email
      </Button>
      <Text style={{ ...text, marginTop: "24px" }}>If you did not create an account, you can ignore this email.</Text>
    </EmailLayout>,
  );
}

export function renderResetPassword({ url }: { url: string }) {
  return renderEmail(
    "Reset your password",
    <EmailLayout preview="A link to choose a new password" heading="Reset your password">
      <Text style={text}>Hello,</Text>
      <Text style={text}>We received a request to reset the password for your account. The link below works once, for one hour.</Text>
      <Button href={url} style={button}>
        Choose a new password
      </Button>
      <Text style={{ ...text, marginTop: "24px" }}>If you did not ask for this, you can ignore this email: your password stays as it is.</Text>
    </EmailLayout>,
  );
}

/** A sign-up with an address that already has a confirmed account: its owner is told, and nothing changes. */
export function renderAccountExists({ loginUrl }: { loginUrl: string }) {
  return renderEmail(
    "You already have an account",
    <EmailLayout preview="Someone tried to create an account with this email" heading="You already have an account">
      <Text style={text}>Hello,</Text>
      <Text style={text}>
        Someone, perhaps you, tried to create a Global Implant Institute account with this email address. It already has an account, so nothing was changed.
      </Text>
      <Text style={text}>To use it, log in. If you have forgotten your password, choose &quot;Forgot password?&quot; on the login page.</Text>
      <Button href={loginUrl} style={button}>
        Log in
      </Button>
      <Text style={{ ...text, marginTop: "24px" }}>If it was not you, you can ignore this email: your account and password stay as they are.</Text>
    </EmailLayout>,
  );
}
