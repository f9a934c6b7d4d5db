import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "./account-messages";
import { BRAND_NAME } from "./brand";
import { CHECKOUT_MESSAGES } from "./checkout-messages";
import { CREATOR_MESSAGES } from "./creator-messages";
import { MESSAGES, pluralise, type ToastMessage } from "./messages";

/**
 * The spec's texts are binding word for word (punctuation included: some end with a full stop,
 * some do not). These assertions exist so nobody "fixes" them.
 */
describe("spec texts, word for word", () => {
  it("section 2: pages, navigation, cart panel and currency prompt", () => {
    expect(MESSAGES.notFound.title).toBe("Oops! We're a bit lost...");
    expect(MESSAGES.notFound.homeLink).toBe("Take Me Home");
    expect(MESSAGES.accessDenied).toEqual({
      title: "Access Denied",
      description: "You don't have permission to access this page.",
      hint: "Please contact an administrator if you believe this is an error.",
    });
    expect(MESSAGES.cart.title).toBe("Shopping Cart");
    expect(MESSAGES.cart.empty).toBe("Your cart is empty");
    expect(MESSAGES.cart.createLithophane).toBe("Create a Lithophane");
    expect(MESSAGES.cart.proceedToCheckout).toBe("Proceed to Checkout");
    expect(MESSAGES.cart.itemTitle).toBe("Lithophane");
    expect(MESSAGES.cart.frameSuffix).toBe("frame");
    expect(MESSAGES.currency.promptTitle).toBe("Switch Currency?");
    expect(MESSAGES.currency.promptDescription).toBe(
      "We detected you're outside the UK. Would you like to see prices in your local currency?",
    );
    expect(MESSAGES.currency.keepGbp).toBe("Keep GBP (£)");
    expect(ACCOUNT_MESSAGES.account.pleaseLogIn).toBe("Please log in to access your account.");
    expect(ACCOUNT_MESSAGES.auth.pleaseLogIn).toBe("Please log in to access your account.");
    expect(ACCOUNT_MESSAGES.account.guestOrder).toBe("Guest Order");
    expect(ACCOUNT_MESSAGES.account.testOrder).toBe("TEST ORDER");
    expect(CHECKOUT_MESSAGES.checkout.proceedToPayment).toBe("Proceed to Payment");
    expect(CHECKOUT_MESSAGES.checkout.createAccount).toBe("Create Account & Login");
    expect(CHECKOUT_MESSAGES.checkout.createLithophane).toBe("Create a Lithophane");
    expect(MESSAGES.common.comingSoonSuffix).toBe("(Coming Soon)");
    expect(CREATOR_MESSAGES.creator.comingSoonSuffix).toBe("(Coming Soon)");
    expect(MESSAGES.common.notSelected).toBe("Not selected");
    expect(CREATOR_MESSAGES.creator.notSelected).toBe("Not selected");
    expect(MESSAGES.home.createCta).toBe("Create Your Lithophane");
    expect(MESSAGES.home.learnMore).toBe("Learn More");
    expect(MESSAGES.nav.startCreating).toBe("Start Creating");
    expect(ACCOUNT_MESSAGES.mfa.continueToVerification).toBe("Continue to Verification");
    expect(ACCOUNT_MESSAGES.mfa.defaultFactorName).toBe("TOTP Authenticator");
    expect(ACCOUNT_MESSAGES.mfa.codePlaceholder).toBe("000000");
  });

  it("counts cart items in the spec's own words", () => {
    expect(MESSAGES.cart.itemCount(1)).toBe("1 item(s) in your cart");
    expect(MESSAGES.cart.itemCount(3)).toBe("3 item(s) in your cart");
    expect(MESSAGES.cart.itemCount(0)).toBe("0 item(s) in your cart");
  });

  it("section 5: validation texts", () => {
    expect(CREATOR_MESSAGES.creator.noImage).toEqual({
      title: "No image selected",
      description: "Please upload an image first.",
      variant: "destructive",
    });
    expect(CREATOR_MESSAGES.creator.additionalImagesRequired(2, "Keepsake Collection")).toEqual({
      title: "Additional images required",
      description: "Please upload 2 more image(s) for your Keepsake Collection.",
      variant: "destructive",
    });
    expect(CREATOR_MESSAGES.creator.additionalImagesRequired(1, "Keepsake Collection").description).toBe(
      "Please upload 1 more image(s) for your Keepsake Collection.",
    );
    expect(MESSAGES.mfaSignIn.noFactorsFound).toBe("No MFA factors found");
    expect(ACCOUNT_MESSAGES.mfa.challengeFailed).toBe("Failed to create MFA challenge");
    expect(ACCOUNT_MESSAGES.mfa.cannotSkip).toMatchObject({
      title: "Cannot Skip",
      description: "Administrators must enable multi-factor authentication.",
    });
    expect(CHECKOUT_MESSAGES.validation.requiredFields).toBe("Please fill in all required fields");
    expect(CHECKOUT_MESSAGES.validation.requiredFieldsCheckout).toBe("Please fill in all required fields.");
    expect(CHECKOUT_MESSAGES.validation.emailsDoNotMatch).toBe("Email addresses do not match");
    expect(CHECKOUT_MESSAGES.validation.phoneDigits).toBe("Phone number must be between 6 and 15 digits");
    expect(CHECKOUT_MESSAGES.validation.phoneHintUnknown).toBe("Enter 6-15 digits");
    expect(ACCOUNT_MESSAGES.password.mismatch).toBe("New passwords do not match.");
    expect(ACCOUNT_MESSAGES.password.tooShort).toBe("Password must be at least 6 characters long.");
    expect(ACCOUNT_MESSAGES.email.invalid).toBe("Please enter a valid email address.");
    expect(ACCOUNT_MESSAGES.email.mismatch).toBe("Email addresses do not match.");
    expect(ACCOUNT_MESSAGES.email.sameAsCurrent).toBe(
      "New email address must be different from your current email.",
    );
    expect(CHECKOUT_MESSAGES.checkout.cartEmpty).toMatchObject({
      title: "Cart is empty",
      description: "Please add items to your cart before checkout.",
    });
    expect(CHECKOUT_MESSAGES.checkout.missingInformation).toMatchObject({
      title: "Missing information",
      description: "Please fill in all required fields.",
    });
  });

  it("section 8: providers, products, upload and cart toasts", () => {
    expect(MESSAGES.providers).toEqual({
      auth: "useAuth must be used within an AuthProvider",
      cart: "useCart must be used within a CartProvider",
      currency: "useCurrency must be used within a CurrencyProvider",
    });
    expect(MESSAGES.currency.invalidRatesResponse).toBe("Invalid response from exchange rate service");
    expect(MESSAGES.products.fetchFailed).toMatchObject({
      title: "Error",
      description: "Failed to fetch products",
    });
    expect(MESSAGES.products.comingSoon).toMatchObject({
      title: "Coming Soon",
      description: "This product is not yet available for purchase.",
    });
    expect(CREATOR_MESSAGES.upload.tooLarge).toMatchObject({
      title: "File too large",
      description: "Please select an image smaller than 10MB.",
    });
    expect(CREATOR_MESSAGES.upload.failed).toMatchObject({
      title: "Upload failed",
      description: "There was an error uploading your image. Please try again.",
    });
    expect(MESSAGES.cart.added("Everlasting Collection")).toEqual({
      title: "Added to cart!",
      description: "Your Everlasting Collection has been added to your cart.",
      variant: "default",
    });
    expect(MESSAGES.cart.accessoryAdded("Wall Mount")).toEqual({
      title: "Added to cart",
      description: "Wall Mount has been added to your cart.",
      variant: "default",
    });
    expect(MESSAGES.cart.synced.title).toBe("Cart synced");
    expect(MESSAGES.cart.restored.title).toBe("Cart restored");
  });

  it("section 8: auth and MFA toasts", () => {
    expect(ACCOUNT_MESSAGES.auth.signInFailed("boom")).toMatchObject({
      title: "Sign In Failed",
      description: "boom",
    });
    expect(ACCOUNT_MESSAGES.auth.loginFailed("bad")).toMatchObject({
      title: "Login Failed",
      description: "bad",
    });
    expect(ACCOUNT_MESSAGES.auth.signUpFailed("taken")).toMatchObject({
      title: "Sign Up Failed",
      description: "taken",
    });
    expect(ACCOUNT_MESSAGES.auth.unexpectedError).toMatchObject({
      title: "Error",
      description: "An unexpected error occurred. Please try again.",
    });
    expect(ACCOUNT_MESSAGES.auth.accountCreated).toEqual({
      title: "Account Created!",
      description: "Please check your email to verify your account, then log in below.",
      variant: "default",
    });
    expect(ACCOUNT_MESSAGES.auth.signedOut.title).toBe("Signed Out");
    expect(ACCOUNT_MESSAGES.mfa.loginVerificationFailed()).toMatchObject({
      title: "Verification Failed",
      description: "Invalid verification code",
    });
    expect(ACCOUNT_MESSAGES.mfa.loginVerificationFailed("Code expired").description).toBe("Code expired");
    expect(ACCOUNT_MESSAGES.mfa.loginUnexpectedError).toMatchObject({
      title: "Error",
      description: "An unexpected error occurred",
    });
    expect(ACCOUNT_MESSAGES.mfa.welcomeBack).toMatchObject({
      title: "Welcome back!",
      description: "Multi-factor authentication verified successfully",
      variant: "default",
    });
    expect(ACCOUNT_MESSAGES.mfa.setupError.description).toBe("Failed to set up multi-factor authentication.");
    expect(ACCOUNT_MESSAGES.mfa.setupNameConflict.description).toBe(
      "Please wait a moment and try again. Previous setup is still being cleaned up.",
    );
    expect(ACCOUNT_MESSAGES.mfa.setupAlreadyExists.description).toBe(
      "MFA is already being set up. Please refresh the page and try again.",
    );
    expect(ACCOUNT_MESSAGES.mfa.qrFailed).toMatchObject({
      title: "QR Code Generation Failed",
      description: "Could not generate QR code, but you can still use the manual entry key below",
    });
    expect(ACCOUNT_MESSAGES.mfa.verifyFailed.description).toBe(
      "Invalid verification code. Please try again.",
    );
    expect(ACCOUNT_MESSAGES.mfa.enabled).toMatchObject({
      title: "MFA Enabled",
      description: "Multi-factor authentication has been successfully enabled.",
    });
    expect(ACCOUNT_MESSAGES.mfa.deletionFailed()).toMatchObject({
      title: "Deletion Failed",
      description: "Failed to delete MFA",
    });
    expect(ACCOUNT_MESSAGES.mfa.deleted(true).title).toBe("MFA Deleted");
    expect(ACCOUNT_MESSAGES.mfa.deleted(true).description).not.toBe(
      ACCOUNT_MESSAGES.mfa.deleted(false).description,
    );
    expect(ACCOUNT_MESSAGES.mfa.resetFailed).toMatchObject({
      title: "Reset Failed",
      description: "Failed to reset MFA setup. Please contact support.",
    });
    expect(ACCOUNT_MESSAGES.mfa.resetComplete.title).toBe("MFA Reset Complete");
    expect(ACCOUNT_MESSAGES.mfa.skipped).toMatchObject({
      title: "MFA Setup Skipped",
      description: "You can enable MFA later in your account settings.",
    });
    expect(ACCOUNT_MESSAGES.mfa.secretCopied).toMatchObject({
      title: "Copied",
      description: "Secret key copied to clipboard.",
    });
  });

  it("section 8: profile, address, password, email, checkout and contact toasts", () => {
    expect(ACCOUNT_MESSAGES.profile.updateFailed).toMatchObject({
      title: "Update Failed",
      description: "Failed to update profile. Please try again.",
    });
    expect(ACCOUNT_MESSAGES.profile.updated.title).toBe("Profile Updated");
    expect(ACCOUNT_MESSAGES.address.lookupFailed).toMatchObject({
      title: "Address Lookup Failed",
      description: "Could not search for addresses. Please enter manually.",
    });
    expect(ACCOUNT_MESSAGES.address.noneFound).toMatchObject({
      title: "No Addresses Found",
      description: "No addresses found for this postcode.",
    });
    expect(ACCOUNT_MESSAGES.address.found(3).title).toBe("Addresses Found");
    expect(ACCOUNT_MESSAGES.address.found(3).description).toContain("3 addresses");
    expect(ACCOUNT_MESSAGES.address.found(1).description).toContain("1 address ");
    expect(ACCOUNT_MESSAGES.address.selected.title).toBe("Address Selected");
    expect(ACCOUNT_MESSAGES.password.changeFailed("weak").title).toBe("Password Change Failed");
    expect(ACCOUNT_MESSAGES.password.changeFailed("weak").description).toBe("weak");
    expect(ACCOUNT_MESSAGES.password.changeFailed().description.length).toBeGreaterThan(0);
    expect(ACCOUNT_MESSAGES.password.updated.title).toBe("Password Updated");
    expect(ACCOUNT_MESSAGES.email.updateFailed().title).toBe("Email Update Failed");
    expect(ACCOUNT_MESSAGES.email.updateInitiated).toMatchObject({
      title: "Email Update Initiated",
      description: "Please check your new email address to verify the change. You will be logged out now.",
    });
    expect(CHECKOUT_MESSAGES.checkout.failed).toMatchObject({
      title: "Checkout failed",
      description: "There was an error processing your checkout. Please try again.",
    });
    expect(CHECKOUT_MESSAGES.contact.sent).toEqual({
      title: "Message sent successfully!",
      description: "We'll get back to you within 24 hours.",
      variant: "default",
    });
  });
});

describe("toast variants", () => {
  const isToast = (value: unknown): value is ToastMessage =>
    typeof value === "object" && value !== null && "title" in value && "variant" in value;

  it("mark errors destructive and successes default", () => {
    const destructive = [
      CREATOR_MESSAGES.upload.tooLarge,
      CREATOR_MESSAGES.creator.noImage,
      CHECKOUT_MESSAGES.checkout.failed,
      ACCOUNT_MESSAGES.mfa.verifyFailed,
      ACCOUNT_MESSAGES.address.lookupFailed,
    ];
    const friendly = [
      MESSAGES.cart.added("x"),
      ACCOUNT_MESSAGES.auth.accountCreated,
      ACCOUNT_MESSAGES.mfa.enabled,
      ACCOUNT_MESSAGES.profile.updated,
      CHECKOUT_MESSAGES.contact.sent,
    ];
    for (const toast of destructive) expect(toast.variant).toBe("destructive");
    for (const toast of friendly) expect(toast.variant).toBe("default");
  });

  it("give every toast in the trees a non-empty title", () => {
    const visit = (node: unknown): number => {
      if (isToast(node)) {
        expect(node.title.trim().length).toBeGreaterThan(0);
        return 1;
      }
      if (typeof node === "object" && node !== null) {
        return Object.values(node).reduce<number>((count, child) => count + visit(child), 0);
      }
      return 0;
    };
    expect(visit([MESSAGES, ACCOUNT_MESSAGES, CHECKOUT_MESSAGES, CREATOR_MESSAGES])).toBeGreaterThan(30);
  });
});

describe("pluralise", () => {
  it("spells counts out", () => {
    expect(pluralise(1, "image")).toBe("1 image");
    expect(pluralise(2, "image")).toBe("2 images");
    expect(pluralise(2, "address", "addresses")).toBe("2 addresses");
  });

  it("uses the brand name from brand.ts", () => {
    expect(MESSAGES.brand.name).toBe(BRAND_NAME);
  });
});
