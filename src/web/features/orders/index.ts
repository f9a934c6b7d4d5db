/** Order pages shared by checkout (success) and the account (issue 20). */
export { OrderDetails } from "./OrderDetails";
