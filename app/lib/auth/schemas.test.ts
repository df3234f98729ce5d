import { describe, expect, it } from "vitest";
import { loginSchema, registerSchema, REGISTRATION_MESSAGES, registrationMessage } from "./schemas";

const EMAIL_TAKEN =
  "An account with this email already exists. Please use a different email or try logging in.";
const USERNAME_TAKEN = "This username is already taken. Please choose a different username.";

describe("registrationMessage", () => {
  it("maps the registration server messages", () => {
    expect(registrationMessage("Email already in use", false)).toBe(EMAIL_TAKEN);
    expect(registrationMessage("Username already exists", false)).toBe(USERNAME_TAKEN);
  });

  it("maps the concierge registration server messages to the same two texts", () => {
    expect(registrationMessage("Email already registered", true)).toBe(EMAIL_TAKEN);
    expect(registrationMessage("Username already taken", true)).toBe(USERNAME_TAKEN);
  });

  it("maps exactly those four server messages", () => {
    expect(Object.keys(REGISTRATION_MESSAGES).sort()).toEqual(
      [
        "Email already in use",
        "Email already registered",
        "Username already exists",
        "Username already taken",
      ].sort(),
    );
  });

  it("passes any other server error through unchanged", () => {
    expect(registrationMessage("Use at least 8 characters.", false)).toBe(
      "Use at least 8 characters.",
    );
    expect(registrationMessage("Something odd", true)).toBe("Something odd");
    // Near misses are not mapped.
    expect(registrationMessage("email already in use", false)).toBe("email already in use");
  });

  it("falls back to the default messages when the server sent nothing", () => {
    expect(registrationMessage(undefined, false)).toBe("Registration failed. Please try again.");
    expect(registrationMessage("", false)).toBe("Registration failed. Please try again.");
    expect(registrationMessage(undefined, true)).toBe(
      "Concierge registration failed. Please try again.",
    );
  });

  it("does not map inherited object keys", () => {
    expect(registrationMessage("constructor", false)).toBe("constructor");
    expect(registrationMessage("toString", false)).toBe("toString");
  });
});

describe("form schemas", () => {
  it("ignore a bad hidden redirectTo instead of failing with an error nobody sees", () => {
    const login = loginSchema.safeParse({
      identifier: "maya",
      password: "secret",
      redirectTo: "/" + "a".repeat(5000),
    });
    expect(login.success).toBe(true);
    expect(login.data?.redirectTo).toBeUndefined();
    const register = registerSchema.safeParse({
      username: "maya",
      email: "MAYA@Fleet.test ",
      password: "long enough",
      firstName: "Maya",
      lastName: "Lopez",
      redirectTo: 42,
    });
    expect(register.success).toBe(true);
    expect(register.data?.email).toBe("maya@fleet.test");
  });
});
