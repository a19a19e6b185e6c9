-- Passkeys (WebAuthn). A person's passkeys name them by `passkey_handle` (random, a UUID, never
-- their email or id); each passkey keeps webauthn-rs's record of it (public key, counter) as JSON.
-- A ceremony's state waits in the database between its two calls, so any instance may answer the
-- second; only the hash of its id is kept.

ALTER TABLE users ADD COLUMN passkey_handle TEXT;
CREATE UNIQUE INDEX users_by_passkey_handle ON users (passkey_handle);

CREATE TABLE passkeys (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    credential_id TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    passkey TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    last_used_at BIGINT
);
CREATE INDEX passkeys_by_user ON passkeys (user_id);

CREATE TABLE passkey_ceremonies (
    id_hash TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    user_id TEXT REFERENCES users (id) ON DELETE CASCADE,
    state TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
