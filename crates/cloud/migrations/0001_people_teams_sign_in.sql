-- People, teams, projects, roles and the OAuth 2 sign-in. Portable between SQLite and PostgreSQL:
-- text and 64-bit integers only (times are Unix seconds, flags 0 or 1).

CREATE TABLE users (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    password_hash TEXT,
    avatar_url TEXT,
    created_at BIGINT NOT NULL
);

CREATE TABLE teams (
    id TEXT PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    images BIGINT NOT NULL DEFAULT 0,
    multiplayer BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);

CREATE TABLE members (
    team_id TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role TEXT NOT NULL,
    PRIMARY KEY (team_id, user_id)
);

CREATE TABLE projects (
    id TEXT PRIMARY KEY,
    team_id TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    slug TEXT NOT NULL,
    name TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (team_id, slug)
);

CREATE TABLE project_origins (
    project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    origin TEXT NOT NULL,
    PRIMARY KEY (project_id, origin)
);

CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);

CREATE TABLE setup_links (
    token_hash TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL
);

CREATE TABLE oauth_codes (
    code_hash TEXT PRIMARY KEY,
    project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    redirect_uri TEXT NOT NULL,
    code_challenge TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);

CREATE TABLE access_tokens (
    token_hash TEXT PRIMARY KEY,
    project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    revoked_at BIGINT
);

CREATE TABLE sign_in_attempts (
    subject TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX sign_in_attempts_by_subject ON sign_in_attempts (subject, at);

CREATE TABLE audit_log (
    id TEXT PRIMARY KEY,
    team_id TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    actor_id TEXT,
    action TEXT NOT NULL,
    detail TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX audit_log_by_team ON audit_log (team_id, at);
