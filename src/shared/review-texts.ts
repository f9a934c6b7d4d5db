/**
 * The texts of the review pages and e-mail (issue 20): the review form reached from the review
 * request e-mail, the storefront's reviews and the server's refusals. Lazily loaded areas only
 * (never in the first load; the home page's few review words are inline).
 */
export const REVIEW_TEXTS = {
  pageTitle: "Review your lightbox",
  intro: (firstName: string, orderNumber: string) =>
    `Hello ${firstName}, how did your lightbox from order #${orderNumber} turn out? Your review helps other customers choose, and we read every one.`,
  ratingLegend: "Your rating",
  starLabel: (n: number) => `${n} star${n === 1 ? "" : "s"}`,
  bodyLabel: "Your review",
  bodyHint: "What did you turn into a lightbox, and how does it look lit up?",
  nameLabel: "Name to show",
  nameHint: "Your first name is plenty.",
  placeLabel: "Town (optional)",
  photoLabel: "Photo of your lightbox (optional)",
  photoHint: "JPG, PNG or WEBP, up to 10MB. It is shown with your review once approved.",
  removePhoto: "Remove photo",
  submit: "Send review",
  sending: "Sending…",
  thanks: "Thank you! Your review was received. It will appear in the shop once we have read it.",
  // Refusals (the server's messages, shown as they come).
  invalid: "This review link is not valid. Please use the link in our e-mail.",
  expired: "This review link has expired. Please write to us through the contact form.",
  notDelivered: "This order has not been delivered yet, so it cannot be reviewed.",
  alreadyReviewed: "You have already reviewed this order. Thank you!",
  photoGone: "That photo upload is gone. Please choose the photo again.",
  tooMany: "You've sent a lot of reviews in a short time. Please wait and try again.",
  // The e-mail.
  emailSubject: (orderNumber: string) => `How is your lightbox? Review order #${orderNumber}`,
  emailParagraphs: (firstName: string, orderNumber: string) => [
    `Hello ${firstName},`,
    `Your order #${orderNumber} has been delivered. We hope your lightbox glows just as you pictured it.`,
    "Would you tell us how it turned out? It takes a minute: a star rating, a few words and, if you like, a photo of your lightbox at home. No account is needed.",
  ],
  emailAction: "Write a review",
  emailFootnote: "The link works for 90 days. If you would rather not review, simply ignore this e-mail.",
  // The storefront.
  reviewsHeading: "Kind words from our customers",
  // The owner's gallery (seeded with the shop's own renders): never presented as customers' work.
  galleryHeading: "Lightboxes from our workshop",
  ratedOutOf: (rating: number) => `Rated ${rating} out of 5`,
} as const;
