/** The app's one QueryClient (a lazy chunk: react-query is not part of any landing page's first load). */
import { QueryClient } from "@tanstack/react-query";

// What app/use-query-in-transition.ts observes queries with, from this chunk too.
export { notifyManager, QueryObserver } from "@tanstack/react-query";

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});
// What QueryClientProvider does on mount: focus and online refetching.
queryClient.mount();
