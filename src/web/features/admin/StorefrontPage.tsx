import { ImagesSection } from "./storefront/ImagesSection";
import { ReviewsSection } from "./storefront/ReviewsSection";
import { AdminHeading, useAdminTitle } from "./ui";

/**
 * The storefront's pictures and customers' reviews (issue 20): upload an image to a place (alt
 * text required), order it, switch it on or off, remove it; approve or reject reviews. Every
 * change is audited on the server.
 */
export function StorefrontPage() {
  useAdminTitle("Storefront");
  return (
    <div>
      <AdminHeading
        title="Storefront"
        intro="The pictures on the home page and the shop, and your customers' reviews. Each place shows its enabled images in order (the heroes show the first)."
      />
      <ImagesSection />
      <ReviewsSection />
    </div>
  );
}
