import { toSessionUser, type SessionUser } from "./session.server";
import { findUserById } from "./users.server";

/** The user as the JSON API returns it (GET /api/user, login, registration). */
export function userJson(user: SessionUser) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    currentPlanId: user.currentPlanId,
    isAdmin: user.isAdmin,
    emailVerified: user.emailVerified,
    planType: user.currentPlanId ?? "free",
    registrationDate: user.createdAt.toISOString(),
  };
}

export function userJsonById(id: string) {
  const user = findUserById(id);
  return user ? userJson(toSessionUser(user)) : null;
}
