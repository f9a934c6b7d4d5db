/**
 * The page behind the undo link sent to the old address when an account's e-mail changes
 * (issue 14). Server-rendered only, so kept out of MESSAGES (in every visitor's first load).
 */
export const EMAIL_CHANGE_UNDO_TEXTS = {
  title: "Undo the email address change",
  confirm: (oldEmail: string, newEmail: string): string =>
    `Your account's email address was changed, or is being changed, from ${oldEmail} to ${newEmail}. If you did not ask for this, undo it: your account goes back to ${oldEmail} and everyone is signed out.`,
  button: "Undo the change",
  cancelled: (oldEmail: string): string =>
    `The change was stopped. Your account keeps ${oldEmail}. If you did not ask for it, please change your password.`,
  restored: (oldEmail: string): string =>
    `Your account's email address is ${oldEmail} again, and everyone was signed out. Please log in and change your password, or reset it from the login page.`,
  invalid: "This link is not valid any more: it may have been used already or be older than 7 days.",
  addressTaken:
    "Your old email address now belongs to another account, so the change cannot be undone here. Please contact us.",
  doneTitle: "Done",
  loginLink: "Go to the login page",
} as const;
