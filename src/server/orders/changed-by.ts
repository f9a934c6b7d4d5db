/** Who changed an order's status, as order_status_history.changed_by records it. */
export const CHANGED_BY = {
  customer: (userId: string | null) => (userId ? `user:${userId}` : "guest"),
  stripe: "stripe",
  testPayment: "test-payment",
  system: "system",
  admin: (userId: string) => `admin:${userId}`,
} as const;
