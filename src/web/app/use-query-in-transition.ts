/**
 * react-query's `useQuery`, but its answers re-render in a transition. `useQuery` reads the cache
 * through useSyncExternalStore, whose updates React always renders synchronously: when the
 * creator's options or the shop's products arrive while the page starts, the whole page
 * re-rendered in one long task. Here the observer's notifications only bump a counter inside
 * startTransition, so React renders the new answer in time slices that yield to the browser;
 * the result itself is read from the observer at render, as `useQuery` does. For plain queries
 * (no suspense, no throwOnError): a page's main data that arrives after it has painted.
 */
import {
  notifyManager,
  type QueryKey,
  QueryObserver,
  type QueryObserverResult,
  type UseQueryOptions,
  useQueryClient,
} from "@tanstack/react-query";
import { startTransition, useEffect, useState } from "react";

export function useQueryInTransition<
  TQueryFnData,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, Error, TData, TQueryKey>): QueryObserverResult<TData, Error> {
  const client = useQueryClient();
  const defaulted = client.defaultQueryOptions(options);
  const [observer] = useState(
    () => new QueryObserver<TQueryFnData, Error, TData, TQueryFnData, TQueryKey>(client, defaulted),
  );
  const [, setVersion] = useState(0);

  useEffect(() => {
    const unsubscribe = observer.subscribe(
      notifyManager.batchCalls(() => startTransition(() => setVersion((v) => v + 1))),
    );
    // An answer may have come between the render and this subscription.
    observer.updateResult();
    return unsubscribe;
  }, [observer]);

  useEffect(() => {
    observer.setOptions(defaulted);
  }, [observer, defaulted]);

  return observer.getOptimisticResult(defaulted);
}
