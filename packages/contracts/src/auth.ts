import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.ts';

/** A phone number as typed; the server normalizes it (leading +, Malaysia's 60 by default). */
export const PhoneInput = z.string().trim().min(1).max(32);

export const PinRequest = z.object({ phoneNo: PhoneInput }).strict();
export const PinRequestResponse = z.object({ phoneNo: z.string() });

/**
 * The number as the server will use it, and nothing about its account: whether a number is registered,
 * has a password or is locked is not told to anonymous callers (the forms learn it on sign-in).
 */
export const PinPreCheckResponse = z.object({ phoneNo: z.string() });

export const PinVerify = z.object({ phoneNo: PhoneInput, pin: z.string().regex(/^\d{6}$/, 'The PIN has 6 digits') }).strict();
export const PasswordLogin = z.object({ phoneNo: PhoneInput, password: z.string().min(1).max(200) }).strict();
export const LoginResponse = z.object({ userId: z.string(), token: z.string() });
export type LoginResponse = z.infer<typeof LoginResponse>;

export { PASSWORD_MIN_LENGTH };
export const NewPassword = z.string().min(PASSWORD_MIN_LENGTH).max(200);
export const SetPassword = z
  .object({
    password: NewPassword,
    /** Required when the account already has a password and no recent PIN sign-in proves the owner. */
    currentPassword: z.string().max(200).optional(),
  })
  .strict();

export const ResetByPhoneResponse = z.object({ phoneNo: z.string(), sent: z.literal(true) });

export const UserIdParams = z.object({ id: z.uuid() });
export const PhoneParams = z.object({ phone: z.string().min(6).max(20) });

export const FacebookConnectResponse = z.object({ isAuthorised: z.boolean() });
/** Either the OAuth code with the redirect URI it was issued for, or an access token from Facebook's SDK. */
export const FacebookVerify = z.union([
  z.object({ code: z.string().min(1).max(2000), redirectUri: z.url() }).strict(),
  z.object({ accessToken: z.string().min(1).max(2000) }).strict(),
]);
export const AuthProviders = z.object({
  facebook: z.object({ appId: z.string(), authorizeUrl: z.string() }).nullable(),
});
