/**
 * The account's texts (the spec's words, sections 2, 5 and 8): signing in and up, MFA, the
 * account page, profile, addresses, password and e-mail changes. Kept out of MESSAGES: those
 * screens load lazily, and the first load has no room for texts it never shows.
 */
import { BRAND_NAME } from "./brand";
import { type DescribedToast, errorToast, pluralise, successToast } from "./messages";

export const ACCOUNT_MESSAGES = {
  auth: {
    loginTab: "Login",
    signUpTab: "Sign Up",
    continueWithGoogle: "Continue with Google",
    continueWithGitHub: "Continue with GitHub",
    continueWithFacebook: "Continue with Facebook",
    signInFailed: (message: string): DescribedToast => errorToast("Sign In Failed", message),
    loginFailed: (message: string): DescribedToast => errorToast("Login Failed", message),
    signUpFailed: (message: string): DescribedToast => errorToast("Sign Up Failed", message),
    unexpectedError: errorToast("Error", "An unexpected error occurred. Please try again."),
    accountCreated: successToast(
      "Account Created!",
      "Please check your email to verify your account, then log in below.",
    ),
    signedOut: successToast("Signed Out"),
    // Designed: shown when an OAuth provider has no client id configured.
    pleaseLogIn: "Please log in to access your account.",
    // Designed texts for the server's account API (issue 4).
    emailNotVerified:
      "Please verify your email address before logging in. We have sent you a new verification link.",
    /** /auth?verified=1: the verification link worked. */
    emailVerified: successToast(
      "Email Verified",
      "Thank you for confirming your email address. Please log in below.",
    ),
    /** /auth?verified=1&error=...: the link had expired or was already used. */
    verificationLinkFailed: errorToast(
      "Verification Failed",
      "This link has expired or is not valid. Log in to receive a new one.",
    ),
    /** /auth?emailChanged=1: the new address was confirmed. */
    emailChanged: successToast(
      "Email Changed",
      "Your new email address is confirmed. Please log in with it.",
    ),
    tooManyAttempts: "Too many attempts. Please wait a minute and try again.",
    /** Sign-in refused by the per-account limit (issue 46): many tries from many addresses. */
    tooManyAccountAttempts:
      "Too many sign-in attempts for this account. Please try again later, or reset your password.",
    incorrectPassword: "The password is not correct.",
    /** A security change by an account with no password needs a recent sign-in. */
    signInAgain: "For your security, please log out and log in again, then retry.",
  },

  mfa: {
    codePlaceholder: "000000",
    defaultFactorName: "TOTP Authenticator",
    continueToVerification: "Continue to Verification",
    challengeFailed: "Failed to create MFA challenge",
    cannotSkip: errorToast("Cannot Skip", "Administrators must enable multi-factor authentication."),
    loginVerificationFailed: (message?: string): DescribedToast =>
      errorToast("Verification Failed", message || "Invalid verification code"),
    loginUnexpectedError: errorToast("Error", "An unexpected error occurred"),
    welcomeBack: successToast("Welcome back!", "Multi-factor authentication verified successfully"),
    setupError: errorToast("MFA Setup Error", "Failed to set up multi-factor authentication."),
    setupNameConflict: errorToast(
      "MFA Setup Error",
      "Please wait a moment and try again. Previous setup is still being cleaned up.",
    ),
    setupAlreadyExists: errorToast(
      "MFA Setup Error",
      "MFA is already being set up. Please refresh the page and try again.",
    ),
    qrFailed: errorToast(
      "QR Code Generation Failed",
      "Could not generate QR code, but you can still use the manual entry key below",
    ),
    verifyFailed: errorToast("Verification Failed", "Invalid verification code. Please try again."),
    enabled: successToast("MFA Enabled", "Multi-factor authentication has been successfully enabled."),
    deletionFailed: (message?: string): DescribedToast =>
      errorToast("Deletion Failed", message || "Failed to delete MFA"),
    // The spec says the text depends on the logout; the two texts are designed.
    deleted: (willSignOut: boolean): DescribedToast =>
      successToast(
        "MFA Deleted",
        willSignOut
          ? "Multi-factor authentication has been removed. You will be signed out now."
          : "Multi-factor authentication has been removed.",
      ),
    resetFailed: errorToast("Reset Failed", "Failed to reset MFA setup. Please contact support."),
    resetComplete: successToast("MFA Reset Complete"),
    skipped: successToast("MFA Setup Skipped", "You can enable MFA later in your account settings."),
    secretCopied: successToast("Copied", "Secret key copied to clipboard."),
    enable: "Enable MFA",
    delete: "Delete",
    // Designed texts for the server's MFA bookkeeping.
    notEnabledYet:
      "Multi-factor authentication is not enabled yet. Please verify a code from your app first.",
    passwordRequired: "Please enter your password to continue.",
  },

  account: {
    pleaseLogIn: "Please log in to access your account.",
    profileTab: "Profile",
    securityTab: "Security",
    ordersTab: "Order History",
    signOut: "Sign Out",
    updateProfile: "Update Profile",
    guestOrder: "Guest Order",
    testOrder: "TEST ORDER",
    // Designed: data export and account deletion (UK GDPR).
    deleteConfirmRequired: "Please type DELETE to confirm.",
    deleted: successToast("Account Deleted", "Your account and personal data have been removed."),
    lastAdmin:
      "You are the only administrator. Make another account an administrator before deleting this one.",
    /** Designed: deleting would remove the address an order in progress is going to. */
    ordersInFulfilment: (count: number): string =>
      `You have ${count === 1 ? "an order" : `${count} orders`} on the way to you. We need your name and address until ${count === 1 ? "it arrives" : "they arrive"}: you can delete your account once ${count === 1 ? "it is" : "they are"} delivered, or contact us to cancel.`,
  },

  profile: {
    updateFailed: errorToast("Update Failed", "Failed to update profile. Please try again."),
    updated: successToast("Profile Updated"),
  },

  address: {
    lookupFailed: errorToast(
      "Address Lookup Failed",
      "Could not search for addresses. Please enter manually.",
    ),
    noneFound: errorToast("No Addresses Found", "No addresses found for this postcode."),
    // The spec says "with count"; the wording is designed.
    found: (count: number): DescribedToast =>
      successToast("Addresses Found", `Found ${pluralise(count, "address", "addresses")} for this postcode.`),
    selected: successToast("Address Selected"),
    // Designed: "Address search needs both postal_code and country."
    postcodeAndCountryRequired: "Please enter a postcode and select a country.",
  },

  password: {
    changeFailed: (message?: string): DescribedToast =>
      errorToast("Password Change Failed", message || "Failed to change password. Please try again."),
    updated: successToast("Password Updated"),
    mismatch: "New passwords do not match.",
    tooShort: "Password must be at least 6 characters long.",
    // Designed: Better Auth re-checks the current password before a change.
    currentRequired: "Please enter your current password.",
  },

  // Designed: the spec shows no forgotten-password flow; a real shop needs one.
  passwordReset: {
    forgotLink: "Forgot your password?",
    requestTitle: "Reset your password",
    requestIntro:
      "Enter the email address of your account and we will send you a link to choose a new password.",
    requestSubmit: "Send reset link",
    /** The same answer whether or not the address has an account (no account enumeration). */
    requestSent: (email: string) =>
      `If ${email} belongs to a ${BRAND_NAME} account, a link to reset the password is on its way. The link works once, for 60 minutes.`,
    newTitle: "Choose a new password",
    newIntro: "Your new password logs you out on every device; log in again with it afterwards.",
    newSubmit: "Save new password",
    done: successToast(
      "Password Reset",
      "Your password has been changed. Please log in with your new password.",
    ),
    linkInvalid: "This reset link has expired or has already been used. Please ask for a new one.",
    requestAgain: "Ask for a new link",
    backToLogin: "Back to log in",
    failed: (message?: string): DescribedToast =>
      errorToast("Password Reset Failed", message || "Something went wrong. Please try again."),
  },

  email: {
    updateFailed: (message?: string): DescribedToast =>
      errorToast("Email Update Failed", message || "Failed to update email. Please try again."),
    updateInitiated: successToast(
      "Email Update Initiated",
      "Please check your new email address to verify the change. You will be logged out now.",
    ),
    invalid: "Please enter a valid email address.",
    mismatch: "Email addresses do not match.",
    sameAsCurrent: "New email address must be different from your current email.",
    // Designed (issue 14): changing the address needs the password (or a sign-in just now).
    passwordRequired: "Please enter your current password to change your email address.",
    currentPasswordLabel: "Current password",
  },
} as const;
