/**
 * The per-panel print files of an order (3MF/STL). A slot for the lithophane engineer, who
 * fills it in; until then it renders nothing.
 */
export function PrintFilesPanel(_props: { orderId: string }) {
  return null;
}
