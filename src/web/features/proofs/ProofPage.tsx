import { PROOF_TEXTS as T } from "@shared/proofs";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "@web/app/routing";
import { Card } from "@web/components/ui/card";
import { Page } from "@web/components/ui/page";
import { proofKeys, proofQueries } from "@web/features/proofs/api";
import { useEffect } from "react";
import { ProofCard } from "./ProofCard";

/** /proof?token=…: the proof e-mail's link (no account needed; the signed token is the key). */
export function ProofPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const q = useQuery({ ...proofQueries.link(token), enabled: token !== "" });
  const loaded = q.data !== undefined;
  // The e-mail's Approve / Change crop links name #approve / #crop: shown once the proof is.
  useEffect(() => {
    if (!loaded) return;
    const id = window.location.hash.slice(1);
    if (id === "approve" || id === "crop") document.getElementById(id)?.scrollIntoView({ block: "center" });
  }, [loaded]);
  if (!token || q.isError) {
    return (
      <Page title={T.pageTitle}>
        <Card role="alert" className="p-5 text-stone-900">
          {q.error?.message ?? T.invalid}
        </Card>
      </Page>
    );
  }
  if (q.isPending) return <Page title={T.pageTitle} intro="Loading..." />;
  return (
    <Page title={T.pageTitle} intro={`Order #${q.data.orderNumber}`}>
      <ProofCard proof={q.data} queryKey={proofKeys.link(token)} />
    </Page>
  );
}
