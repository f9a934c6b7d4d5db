import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { Button } from "@web/components/ui/button";
import { type ReactNode, useState } from "react";
import { type SocialProvider, useAuth } from "./AuthProvider";
import { useSocialProviders } from "./queries";
import { notify } from "./toast";

const PROVIDERS: ReadonlyArray<{ id: SocialProvider; name: string; label: string; icon: ReactNode }> = [
  {
    id: "google",
    name: "Google",
    label: ACCOUNT_MESSAGES.auth.continueWithGoogle,
    icon: (
      <path d="M12.48 10.92v3.28h7.84c-.24 1.84-.853 3.187-1.787 4.133-1.147 1.147-2.933 2.4-6.053 2.4-4.827 0-8.6-3.893-8.6-8.72s3.773-8.72 8.6-8.72c2.6 0 4.507 1.027 5.907 2.347l2.307-2.307C18.747 1.44 16.133 0 12.48 0 5.867 0 .307 5.387.307 12s5.56 12 12.173 12c3.573 0 6.267-1.173 8.373-3.36 2.16-2.16 2.84-5.213 2.84-7.667 0-.76-.053-1.467-.173-2.053H12.48z" />
    ),
  },
  {
    id: "github",
    name: "GitHub",
    label: ACCOUNT_MESSAGES.auth.continueWithGitHub,
    icon: (
      <path d="M12 .297c-6.63 0-12 5.373-12 12 0 5.303 3.438 9.8 8.205 11.385.6.113.82-.258.82-.577 0-.285-.01-1.04-.015-2.04-3.338.724-4.042-1.61-4.042-1.61C4.422 18.07 3.633 17.7 3.633 17.7c-1.087-.744.084-.729.084-.729 1.205.084 1.838 1.236 1.838 1.236 1.07 1.835 2.809 1.305 3.495.998.108-.776.417-1.305.76-1.605-2.665-.3-5.466-1.332-5.466-5.93 0-1.31.465-2.38 1.235-3.22-.135-.303-.54-1.523.105-3.176 0 0 1.005-.322 3.3 1.23.96-.267 1.98-.399 3-.405 1.02.006 2.04.138 3 .405 2.28-1.552 3.285-1.23 3.285-1.23.645 1.653.24 2.873.12 3.176.765.84 1.23 1.91 1.23 3.22 0 4.61-2.805 5.625-5.475 5.92.42.36.81 1.096.81 2.22 0 1.606-.015 2.896-.015 3.286 0 .315.21.69.825.57C20.565 22.092 24 17.592 24 12.297c0-6.627-5.373-12-12-12" />
    ),
  },
  {
    id: "facebook",
    name: "Facebook",
    label: ACCOUNT_MESSAGES.auth.continueWithFacebook,
    icon: (
      <path d="M9.101 23.691v-7.98H6.627v-3.667h2.474v-1.58c0-4.085 1.848-5.978 5.858-5.978.401 0 .955.042 1.468.103a8.68 8.68 0 0 1 1.141.195v3.325a8.623 8.623 0 0 0-.653-.036 26.805 26.805 0 0 0-.733-.009c-.707 0-1.259.096-1.675.309a1.686 1.686 0 0 0-.679.622c-.258.42-.374.995-.374 1.752v1.297h3.919l-.386 2.103-.287 1.564h-3.246v8.245C19.396 23.238 24 18.179 24 12.044c0-6.627-5.373-12-12-12s-12 5.373-12 12c0 5.628 3.874 10.35 9.101 11.647Z" />
    ),
  },
];

/**
 * Continue with Google, GitHub or Facebook, for the providers the shop has a client id for
 * (issue 20): a provider that is not configured shows no button, and with none configured the
 * "or" divider goes too. Nothing shows until the server has said which are configured.
 */
export function SocialButtons() {
  const auth = useAuth();
  const providers = useSocialProviders();
  const [pending, setPending] = useState<SocialProvider | null>(null);
  const configured = PROVIDERS.filter((provider) => providers.data?.[provider.id] === true);
  if (configured.length === 0) return null;

  const start = async (provider: (typeof PROVIDERS)[number]) => {
    setPending(provider.id);
    const result = await auth.signInSocial(provider.id);
    // On success the browser is already leaving for the provider.
    if (!result.ok) {
      setPending(null);
      notify(
        result.unexpected
          ? ACCOUNT_MESSAGES.auth.unexpectedError
          : ACCOUNT_MESSAGES.auth.signInFailed(result.message),
      );
    }
  };

  return (
    <>
      <div className="my-6 flex items-center gap-3 text-sm text-stone-600" aria-hidden="true">
        <span className="h-px flex-1 bg-stone-200" />
        or
        <span className="h-px flex-1 bg-stone-200" />
      </div>
      <div className="space-y-3">
        {configured.map((provider) => (
          <Button
            key={provider.id}
            variant="outline"
            className="w-full"
            onClick={() => start(provider)}
            disabled={pending !== null}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5 fill-current">
              {provider.icon}
            </svg>
            {provider.label}
          </Button>
        ))}
      </div>
    </>
  );
}
