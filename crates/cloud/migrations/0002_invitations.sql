-- Links a team admin hands out: invitations (by email, with a role) and password resets. Each is
-- single-use and expires; only its hash is kept.

CREATE TABLE links (
    token_hash TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    team_id TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    role TEXT,
    created_by TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX links_by_team ON links (team_id, kind);
