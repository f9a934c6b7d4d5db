import type { CalibrationScreenAnswer } from "@shared/colour-printer";
import { useQueryClient } from "@tanstack/react-query";
import { calibrationQueries } from "@web/features/admin/api";

/** Writes the server's new calibration answer into the page's cache (no refetch). */
export function useSaved() {
  const queryClient = useQueryClient();
  return (answer: CalibrationScreenAnswer) => {
    queryClient.setQueryData(calibrationQueries.all().queryKey, answer);
  };
}
