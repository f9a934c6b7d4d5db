import { BRAND_NAME } from "@shared/brand";
import { Button } from "@web/components/ui/button";
import { Copy, Download } from "lucide-react";
import { notify } from "./toast";

/** The backup codes once MFA is on: copy or download them before closing. */
export function BackupCodes({ codes }: { codes: readonly string[] }) {
  if (codes.length === 0) return null;
  const text = codes.join("\n");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify({ title: "Copied", description: "Backup codes copied to clipboard.", variant: "default" });
    } catch {
      notify({
        title: "Copy failed",
        description: "Please select the codes and copy them yourself.",
        variant: "destructive",
      });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([`${BRAND_NAME} backup codes\n\n${text}\n`], { type: "text/plain" }),
    );
    const a = document.createElement("a");
    a.href = url;
    a.download = `${BRAND_NAME.toLowerCase()}-backup-codes.txt`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section
      aria-labelledby="backup-codes-title"
      className="rounded-xl border border-stone-200 bg-stone-50 p-4"
    >
      <h3 id="backup-codes-title" className="font-sans text-base font-semibold text-stone-900">
        Backup codes
      </h3>
      <p className="mt-1 text-sm text-stone-700">
        Save these somewhere safe. If you lose your phone, each code lets you log in once. They are shown only
        now.
      </p>
      <ul
        className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm text-stone-900"
        data-testid="mfa-backup-codes"
      >
        {codes.map((c) => (
          <li key={c} className="rounded-md bg-white px-2 py-1.5 text-center ring-1 ring-stone-200">
            {c}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={copy}>
          <Copy aria-hidden="true" className="h-4 w-4" /> Copy codes
        </Button>
        <Button variant="outline" size="sm" onClick={download}>
          <Download aria-hidden="true" className="h-4 w-4" /> Download
        </Button>
      </div>
    </section>
  );
}
