import { z } from "zod";
import { TIMEZONES } from "../timezones";

// One schema per form; the page action, the browser (instant feedback) and the /api route use
// the same one, so they cannot disagree about what is valid.

const email = (required: string) =>
  z
    .string({ required_error: required })
    .trim()
    .min(1, required)
    .max(254, "Email is too long")
    .email("Please enter a valid email address");

export const loginSchema = z.object({
  email: email("Email is required"),
  password: z.string({ required_error: "Password is required" }).min(1, "Password is required").max(200),
  redirectTo: z.string().optional(),
});

const REGISTRATION_MIN_PASSWORD = 6;

export const registrationSchema = z.object({
  firstName: z.string({ required_error: "First name is required" }).trim().min(1, "First name is required").max(100),
  lastName: z.string({ required_error: "Last name is required" }).trim().min(1, "Last name is required").max(100),
  email: email("Email is required"),
  phone: z
    .string({ required_error: "Phone is required" })
    .trim()
    .min(1, "Phone is required")
    .max(32)
    .refine((v) => v.replace(/\D/g, "").length >= 10, "Please enter a valid phone number (at least 10 digits)"),
  licenseNumber: z
    .string({ required_error: "License number is required" })
    .trim()
    .min(1, "License number is required")
    .max(64),
  password: z
    .string({ required_error: "Password is required" })
    .min(REGISTRATION_MIN_PASSWORD, "Password must be at least 6 characters")
    .max(200),
});

const timezoneValues = TIMEZONES.map((t) => t.value) as [string, ...string[]];
export const timezoneSchema = z.object({
  timezone: z.enum(timezoneValues, { errorMap: () => ({ message: "Choose one of the listed time zones." }) }),
});
