/** The customer's proof (issue 32): the order page's card and the e-mail's /proof page. */
export { OrderProof } from "./OrderProof";
export { ProofPage } from "./ProofPage";
