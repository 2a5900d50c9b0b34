// Staff login, TOTP enrolment, sessions and step-up: filled by the staff-auth work.
export {};
