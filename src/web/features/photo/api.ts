/** The customer's replacement photo page (the admin asked for a better photo): the request behind the link, and the photo sent. */
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/http/client";
import { unwrap } from "@web/lib/http/unwrap";

async function fetchPhotoPage(token: string) {
  const res = await api["photo-requests"].$get({ query: { token } });
  return (await unwrap(res)).page;
}

/** The customer's upload page behind the link in the e-mail. */
export const photoPageQuery = (token: string) =>
  queryOptions({
    queryKey: ["photo-request", token] as const,
    queryFn: () => fetchPhotoPage(token),
    retry: false,
  });

export type PhotoPage = Awaited<ReturnType<typeof fetchPhotoPage>>;

export async function sendReplacementPhoto(input: {
  token: string;
  originalUrl: string;
  cropPixels?: { x: number; y: number; width: number; height: number };
  crop?: { x: number; y: number; zoom: number };
}) {
  const res = await api["photo-requests"].$post({ json: input });
  return unwrap(res);
}
