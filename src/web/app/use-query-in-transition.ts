/**
 * react-query's `useQuery`, but its answers re-render in a transition, and it works before the
 * QueryClient has loaded. `useQuery` reads the cache through useSyncExternalStore, whose updates
 * React always renders synchronously: when the creator's options or the shop's products arrive
 * while the page starts, the whole page re-rendered in one long task. Here the observer's
 * notifications only bump a counter inside startTransition, so React renders the new answer in
 * time slices that yield to the browser; the result itself is read from the observer at render,
 * as `useQuery` does. Until a landing page's client has loaded (app/query.tsx,
 * "after-render"), the query is pending, as it is before its first answer: the page renders
 * without react-query's code. For plain queries (no suspense, no throwOnError): a page's main
 * data that arrives after it has painted.
 */
import {
  QueryClientContext,
  type QueryKey,
  type QueryObserver,
  type QueryObserverResult,
  type UseQueryOptions,
} from "@tanstack/react-query";
import { startTransition, useContext, useEffect, useRef, useState } from "react";
import { loadedQueryTools } from "./query";

/** Pick<K> of each member of a union (keeps the narrowing: `isPending` false means `data` is there). */
type PickEach<T, K extends PropertyKey> = T extends unknown ? Pick<T, Extract<K, keyof T>> : never;

/** What the pages read of a query's state. */
export type TransitionQueryResult<TData> = PickEach<
  QueryObserverResult<TData, Error>,
  "status" | "data" | "error" | "errorUpdatedAt" | "isPending" | "isSuccess" | "isError" | "isFetching"
> & { refetch: () => void };

/** A query whose client has not loaded yet: pending and fetching, as when its request is out. */
const WAITING_FOR_CLIENT = {
  status: "pending",
  data: undefined,
  error: null,
  errorUpdatedAt: 0,
  isPending: true,
  isSuccess: false,
  isError: false,
  isFetching: true,
  refetch: () => undefined,
} as const;

export function useQueryInTransition<
  TQueryFnData,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, Error, TData, TQueryKey>): TransitionQueryResult<TData> {
  const client = useContext(QueryClientContext);
  const tools = loadedQueryTools();
  const defaulted = client?.defaultQueryOptions(options);
  // Made once, on the first render that has the client.
  const observerRef = useRef<QueryObserver<TQueryFnData, Error, TData, TQueryFnData, TQueryKey> | null>(null);
  if (!observerRef.current && client && defaulted && tools)
    observerRef.current = new tools.QueryObserver(client, defaulted);
  const observer = observerRef.current;
  const [, setVersion] = useState(0);

  useEffect(() => {
    if (!observer || !tools) return;
    const unsubscribe = observer.subscribe(
      tools.notifyManager.batchCalls(() => startTransition(() => setVersion((v) => v + 1))),
    );
    // An answer may have come between the render and this subscription.
    observer.updateResult();
    return unsubscribe;
  }, [observer, tools]);

  useEffect(() => {
    if (observer && defaulted) observer.setOptions(defaulted);
  }, [observer, defaulted]);

  if (!observer || !defaulted) return WAITING_FOR_CLIENT;
  return observer.getOptimisticResult(defaulted);
}
