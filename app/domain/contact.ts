// The public addresses the landing page, the inquiry failure alert ("... contact us directly at
// {email}") and the inquiry mail draft use. One place, so a change of address is one edit.

/** Where customers get help with the product. */
export const SUPPORT_EMAIL = "support@agencycrm.example";

/** The general address: sales inquiries and the mail draft opened after an inquiry. */
export const INFO_EMAIL = "info@agencycrm.example";
