/**
 * Spec 5 and the booking service: why the server refuses a checkout, as its JSON `{ error }` says it and the page
 * shows it. Apart from CHECKOUT_MESSAGES so that the browser's code, which only relays them, does not carry them.
 */
export const CHECKOUT_REFUSALS = {
  priceIdMissing: "Stripe Price ID is not configured for this course.",
  fullyBooked: "Fully booked: every place on these dates has been taken. Register your interest to hear about the next ones.",
  heldAtCheckout:
    "Every place left on these dates is held by a dentist at checkout. A place not paid for comes free within half an hour: please try again then, or register your interest.",
  alreadyBooked: "You have already booked these dates: your booking is in your account.",
  paidMeanwhile: "Your earlier checkout for these dates was paid a moment ago, so no new one was started: your booking is confirmed.",
  signedOut:
    "You have been signed out on this browser since this page was shown, so nothing was booked. Log in to book with your account, or press Book Now again to book as a guest.",
  otherAccount:
    "This page was for another account: someone else has signed in on this browser since. Nothing was booked, and the page now shows the account signed in.",
  replaced: "You started another checkout meanwhile, which took this one's place. Please continue with that one.",
  tooManyHolds: "Several checkouts started from your connection are still open. Finish or cancel one of them, or wait half an hour, then try again.",
} as const;
