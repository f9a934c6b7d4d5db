import { zodResolver } from "@hookform/resolvers/zod";
import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { FIELD_MAX_LENGTH, type SignUpInput, signUpSchema } from "@shared/schemas";
import { Button } from "@web/components/ui/button";
import { TextField } from "@web/components/ui/field";
import { useRef } from "react";
import { useForm } from "react-hook-form";
import { useAuth } from "./AuthProvider";
import { sameText, withCrossFieldChecks } from "./crossFieldResolver";
import { PasswordField } from "./PasswordField";
import { notify } from "./toast";

const signUpResolver = withCrossFieldChecks<SignUpInput>(zodResolver(signUpSchema), [
  {
    field: "confirmEmail",
    message: CHECKOUT_MESSAGES.validation.emailsDoNotMatch,
    fails: (v) => v.email.trim() !== "" && !sameText(v.email, v.confirmEmail),
  },
]);

const EMPTY_SIGN_UP: SignUpInput = { firstName: "", lastName: "", email: "", confirmEmail: "", password: "" };

/** Sign up: name, e-mail twice and a password; a verification e-mail follows. */
export function SignUpForm({ onCreated }: { onCreated: () => void }) {
  const auth = useAuth();
  const firstFieldRef = useRef<HTMLInputElement | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput>({ resolver: signUpResolver, defaultValues: EMPTY_SIGN_UP });

  const onSubmit = handleSubmit(async (values) => {
    const result = await auth.signUp(values);
    if (!result.ok) {
      notify(
        result.unexpected
          ? ACCOUNT_MESSAGES.auth.unexpectedError
          : ACCOUNT_MESSAGES.auth.signUpFailed(result.message),
      );
      return;
    }
    notify(ACCOUNT_MESSAGES.auth.accountCreated);
    reset(EMPTY_SIGN_UP);
    onCreated();
  });

  const firstName = register("firstName");
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-busy={isSubmitting}>
      <h2 className="sr-only">{ACCOUNT_MESSAGES.auth.signUpTab}</h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          maxLength={FIELD_MAX_LENGTH.name}
          required
          error={errors.firstName?.message}
          {...firstName}
          ref={(el) => {
            firstName.ref(el);
            firstFieldRef.current = el;
          }}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          maxLength={FIELD_MAX_LENGTH.name}
          required
          error={errors.lastName?.message}
          {...register("lastName")}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={FIELD_MAX_LENGTH.email}
        required
        error={errors.email?.message}
        {...register("email")}
      />
      <TextField
        label="Confirm email"
        type="email"
        autoComplete="email"
        maxLength={FIELD_MAX_LENGTH.email}
        required
        error={errors.confirmEmail?.message}
        {...register("confirmEmail")}
      />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        required
        hint="At least 6 characters."
        error={errors.password?.message}
        {...register("password")}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Creating account…" : "Create Account"}
      </Button>
    </form>
  );
}
