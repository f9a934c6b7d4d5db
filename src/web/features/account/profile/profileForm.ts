import { DEFAULT_PHONE_COUNTRY_CODE, DEFAULT_PROFILE_COUNTRY } from "@shared/countries";
import type { Profile } from "../../auth";

/** The profile form's fields, all strings while edited. */
export type ProfileForm = {
  firstName: string;
  lastName: string;
  phone: string;
  phoneCountryCode: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
};

export function toForm(profile: Profile | null | undefined): ProfileForm {
  return {
    firstName: profile?.firstName ?? "",
    lastName: profile?.lastName ?? "",
    phone: profile?.phone ?? "",
    phoneCountryCode: profile?.phoneCountryCode || DEFAULT_PHONE_COUNTRY_CODE,
    addressLine1: profile?.addressLine1 ?? "",
    addressLine2: profile?.addressLine2 ?? "",
    city: profile?.city ?? "",
    state: profile?.state ?? "",
    postalCode: profile?.postalCode ?? "",
    country: profile?.country || DEFAULT_PROFILE_COUNTRY,
  };
}
