// Every email the product sends, each rendered to a subject, HTML and plain text.
export { renderAccountExists, renderResetPassword, renderVerifyEmail } from "./templates/account-emails.server";
export {
  renderAlreadyBookedRefund,
  renderBookingCancelled,
  renderBookingConfirmation,
  renderPaymentFailed,
  renderPlaceUnavailableRefund,
  renderStaffRefundNotice,
} from "./templates/booking-emails.server";
export { renderInterestConfirmation, renderNewDateAnnouncement, renderNewsletterConfirmation } from "./templates/marketing-emails.server";
export { renderContactNotification, renderInterestNotification, renderStaffNoticesPaused } from "./templates/staff-emails.server";
