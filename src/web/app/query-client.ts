/** The app's one QueryClient (a lazy chunk: react-query is not part of the first load of /). */
import { QueryClient } from "@tanstack/react-query";

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});
// What QueryClientProvider does on mount: focus and online refetching.
queryClient.mount();
