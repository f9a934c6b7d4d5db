/** What other features use of sign-in, the session and the account's queries. */
export { useAuth } from "./AuthProvider";
export { CodeInput, isCompleteCode } from "./CodeInput";
export { sameText, withCrossFieldChecks } from "./crossFieldResolver";
export { MfaSetupDialog } from "./MfaSetupDialog";
export { PasswordField } from "./PasswordField";
export {
  type AccountOrder,
  accountApi,
  addressApi,
  mfaApi,
  type Profile,
  useHasPassword,
  useMfaFactors,
  useOrders,
  useProfile,
  useUpdateProfile,
} from "./queries";
export { errorMessage, notify } from "./toast";
