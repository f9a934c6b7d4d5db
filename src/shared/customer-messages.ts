/**
 * "E-mail customer" on an admin order: a template fills the message, the admin may edit it.
 * The About page promises "we tell you if a picture would print too dark".
 */
export const CUSTOMER_MESSAGE_TEMPLATES = ["photo_dark", "photo_small", "delay", "custom"] as const;
export type CustomerMessageTemplate = (typeof CUSTOMER_MESSAGE_TEMPLATES)[number];

export const CUSTOMER_MESSAGE_TEMPLATE_TEXT: Readonly<
  Record<CustomerMessageTemplate, { label: string; subject: string; body: string }>
> = {
  photo_dark: {
    label: "Photo too dark",
    subject: "A question about your photo",
    body: "We have checked your photo before printing and it is quite dark: in a lithophane, dark areas become thick and block the light, so faces and details may be hard to see. Could you send us a brighter version of the photo? Reply with the link below, or write to us, and we will print as soon as we have it.",
  },
  photo_small: {
    label: "Photo too small",
    subject: "A question about your photo",
    body: "We have checked your photo before printing and its resolution is low for the size you chose, so the print may look soft. Do you have a larger version of the photo (the original from your phone or camera)? We will print as soon as we have it.",
  },
  delay: {
    label: "Delay",
    subject: "An update on your order",
    body: "We are sorry: your order is taking a little longer than we planned. We will e-mail you as soon as it is on its way.",
  },
  custom: { label: "Custom message", subject: "About your order", body: "" },
};
