import type { ProductCategory } from "@shared/products";
import {
  BatteryCharging,
  Frame,
  Hammer,
  ImageIcon,
  type LucideIcon,
  Package,
  Plug,
  SprayCan,
} from "lucide-react";

/** One lucide icon per product category. */
const CATEGORY_ICONS: Readonly<Record<ProductCategory, LucideIcon>> = {
  Accessories: Plug,
  Mounting: Hammer,
  Conversion: BatteryCharging,
  Frames: Frame,
  Images: ImageIcon,
  Maintenance: SprayCan,
};

export function categoryIcon(category: string): LucideIcon {
  return CATEGORY_ICONS[category as ProductCategory] ?? Package;
}
