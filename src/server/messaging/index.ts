/** The messaging module's face: other modules import it only through this file. */
export {
  emailChangeRequestedNotice,
  existingAccountSignUpNotice,
  resetPasswordEmail,
  verifyAccountEmail,
  verifyNewEmailEmail,
} from "./emails/auth-emails.js";
export {
  orderConfirmationEmail,
  orderItemDetails,
  orderItemTitle,
  orderMessageEmail,
} from "./emails/order-emails.js";
export { renderEmail } from "./emails/render.js";
export { createMailer, type Mailer, type MailMessage } from "./mail.js";
export {
  listOrderEmails,
  MailOutbox,
  type OutboxKind,
  orderEmailKey,
  type QueuedMail,
  queueMail,
  queueMails,
  queueOrderEmail,
  queueOrderEmailStatement,
} from "./mail-outbox.js";
export {
  cartReminderConfirmToken,
  cartReminderHandle,
  cartRestoreToken,
  checkReviewToken,
  checkSignedToken,
  reviewToken,
  signedToken,
  unsubscribePageUrl,
  unsubscribeUrl,
} from "./message-tokens.js";
export {
  ANSWER_TEXTS,
  answerAsCustomer,
  answerLinkState,
  changeConversationAsAdmin,
  listMessages,
  openConversation,
  receiveContactMessage,
  replyAsAdmin,
  unreadCount,
} from "./messages.js";
export { isOptedOut, optOut } from "./opt-outs.js";
export { outboxBacklog } from "./outbox-backlog.js";
export {
  alertEmailFailed,
  alertLatePayment,
  alertLowStock,
  alertPaidOrder,
  alertPrintFailed,
  alertTwinFlagged,
  ownerAlertSettings,
  queueOwnerAlert,
  saveOwnerAlerts,
} from "./owner-alerts.js";
