-- The cloud's GitHub App when it was made from the cloud (GitHub's manifest flow) rather than
-- given at start: its id, slug and private key, shared by every instance. At most one is used,
-- the latest. And the one-time links the console prints while there is none; each link's state
-- is what GitHub sends back with the new app's code.

CREATE TABLE github_apps (
    app_id BIGINT PRIMARY KEY,
    slug TEXT NOT NULL,
    private_key TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE github_app_links (
    token_hash TEXT PRIMARY KEY,
    state_hash TEXT UNIQUE,
    created_at BIGINT NOT NULL
);
