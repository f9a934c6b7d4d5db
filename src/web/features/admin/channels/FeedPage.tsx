import { CHANNEL_TEXTS } from "@shared/channel-texts";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@web/components/ui/badge";
import { buttonClasses } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { fetchGoogleFeed } from "@web/features/admin/api";
import { ExternalLink } from "lucide-react";
import { AdminHeading, LoadError, Loading, useAdminTitle } from "../ui";

const M = CHANNEL_TEXTS.feed;

/** The Google Shopping feed: its address, how many items it lists, and what it leaves out and why. */
export function FeedPage() {
  useAdminTitle(M.title);
  const q = useQuery({ queryKey: ["admin", "feeds", "google"], queryFn: fetchGoogleFeed });
  return (
    <>
      <AdminHeading title={M.title} intro={M.intro} />
      {q.isPending ? <Loading /> : null}
      {q.isError ? <LoadError error={q.error} onRetry={() => q.refetch()} /> : null}
      {q.data ? (
        <div className="space-y-6">
          <Card className="p-5">
            <p className="text-sm font-medium text-stone-800">{M.urlLabel}</p>
            <p className="mt-1 break-all font-mono text-stone-900" data-testid="feed-url">
              {q.data.url}
            </p>
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <Badge tone="glow">{M.listed(q.data.items.length)}</Badge>
              <a
                href={q.data.url}
                target="_blank"
                rel="noreferrer"
                className={buttonClasses("outline", "sm")}
              >
                <ExternalLink aria-hidden="true" className="h-4 w-4" /> {M.open}
              </a>
            </div>
          </Card>
          <Card className="p-5">
            <h2 className="text-xl text-stone-900">{M.excludedTitle}</h2>
            {q.data.excluded.length === 0 ? (
              <p className="mt-2 text-stone-700">{M.excludedNone}</p>
            ) : (
              <>
                <p className="mt-2 text-sm text-stone-700">{M.excludedIntro}</p>
                <ul aria-label={M.excludedTitle} className="mt-4 divide-y divide-stone-200">
                  {q.data.excluded.map((e) => (
                    <li key={e.id} className="py-3">
                      <p className="font-medium text-stone-900">
                        {e.title} <span className="font-mono text-xs text-stone-700">{e.id}</span>
                      </p>
                      <ul className="mt-1 list-disc pl-5 text-sm text-stone-800">
                        {e.why.map((why) => (
                          <li key={why}>{why}</li>
                        ))}
                      </ul>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </Card>
        </div>
      ) : null}
    </>
  );
}
