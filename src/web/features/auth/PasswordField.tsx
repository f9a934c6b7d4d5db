import { TextField } from "@web/components/ui/field";
import { Eye, EyeOff } from "lucide-react";
import { forwardRef, type InputHTMLAttributes, type ReactNode, useState } from "react";

type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  containerClassName?: string;
};

/** A password input with a show/hide toggle. Pasting is never blocked (password managers). */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { containerClassName, className, ...props },
  ref,
) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={`relative ${containerClassName ?? ""}`}>
      <TextField
        ref={ref}
        type={visible ? "text" : "password"}
        className={`pr-12 ${className ?? ""}`}
        {...props}
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? "Hide password" : "Show password"}
        aria-pressed={visible}
        className="absolute right-1 top-[1.75rem] inline-flex h-10 w-10 pointer-coarse:right-0 pointer-coarse:top-6 pointer-coarse:h-11 pointer-coarse:w-11 items-center justify-center rounded-md text-stone-600 hover:bg-stone-100 hover:text-stone-900"
      >
        {visible ? (
          <EyeOff aria-hidden="true" className="h-5 w-5" />
        ) : (
          <Eye aria-hidden="true" className="h-5 w-5" />
        )}
      </button>
    </div>
  );
});
