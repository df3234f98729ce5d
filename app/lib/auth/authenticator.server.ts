import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { loginSchema } from "./schemas";
import { verifyCredentials } from "./users.server";

export const LOGIN_FAILED = "Invalid username/email or password.";

export class LoginError extends Error {}

export type AuthenticatedUser = NonNullable<Awaited<ReturnType<typeof verifyCredentials>>>;

/** remix-auth checks the credentials; the session that follows is ours (session.server.ts). */
export const authenticator = new Authenticator<AuthenticatedUser>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = loginSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new LoginError(parsed.error.issues[0]?.message ?? LOGIN_FAILED);
    const user = await verifyCredentials(parsed.data.identifier, parsed.data.password);
    if (!user) throw new LoginError(LOGIN_FAILED);
    return user;
  }),
  "form",
);
