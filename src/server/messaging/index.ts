/** The messaging module's face: other modules import it only through this file. */
export * from "./emails/auth-emails.js";
export * from "./emails/order-emails.js";
export * from "./emails/render.js";
export * from "./mail.js";
export * from "./mail-outbox.js";
export * from "./message-tokens.js";
export * from "./messages.js";
export * from "./opt-outs.js";
export * from "./order-email-content.js";
export * from "./outbox-backlog.js";
export * from "./owner-alerts.js";
