-- Pictures people upload for themselves, made 256 pixels square PNG by the cloud. `users.avatar_url`
-- names the current one by its version, so that a new picture is a new address.

CREATE TABLE avatars (
    user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    image BYTEA NOT NULL,
    version TEXT NOT NULL
);
