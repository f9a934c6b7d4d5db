/** The order queries' keys, apart from the client code: the auth provider drops them at sign-out. */
export const orderKeys = { history: ["orders"] as const, view: (id: string) => ["orders", id] as const };
