// Every email the product sends, each rendered to a subject, HTML and plain text.
export { renderResetPassword, renderVerifyEmail } from "./templates/account-emails";
export { renderBookingConfirmation } from "./templates/booking-emails";
export type { RenderedEmail } from "./templates/layout";
export { renderNewDateAnnouncement, renderNewsletterConfirmation } from "./templates/marketing-emails";
export { renderContactNotification, renderInterestNotification } from "./templates/staff-emails";
